/** 系统菜单: pages/system/menu serves the menu address system/menu (registry.ts). */
export { default } from './MenuPage';
