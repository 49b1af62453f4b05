/** 系统日志: pages/system/log serves the menu address system/log (registry.ts). */
export { default } from './SystemLogPage';
