/** 用户管理: pages/permission/user serves the menu address permission/user (registry.ts). */
export { default } from './UserPage';
