/** 岗位管理: pages/permission/position serves the menu address permission/position (registry.ts). */
export { default } from './PositionPage';
