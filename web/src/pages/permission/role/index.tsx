/** 角色管理: pages/permission/role serves the menu address permission/role (registry.ts). */
export { default } from './RolePage';
