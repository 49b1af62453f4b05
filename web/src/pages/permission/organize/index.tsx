/** 组织管理: pages/permission/organize serves the menu address permission/organize (registry.ts). */
export { default } from './OrganizePage';
