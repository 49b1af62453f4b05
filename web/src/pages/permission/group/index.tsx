/** 分组管理: pages/permission/group serves the menu address permission/group (registry.ts). */
export { default } from './GroupPage';
