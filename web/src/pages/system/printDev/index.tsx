/** 打印模板: pages/system/printDev serves the menu address system/printDev (registry.ts). */
export { default } from './PrintDevPage';
