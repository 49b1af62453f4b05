/** 行政区划: pages/systemData/area serves the menu address systemData/area (registry.ts; AREA-*). */
export { default } from './AreaPage';
