/** 系统配置: pages/system/sysConfig serves the menu address system/sysConfig (registry.ts). */
export { default } from './SysConfigPage';
