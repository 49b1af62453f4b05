/** 行政区划: pages/system/area serves the menu address system/area, the JNPF client's view (registry.ts; AREA-*). */
export { default } from './AreaPage';
