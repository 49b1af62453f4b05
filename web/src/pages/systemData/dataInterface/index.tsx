/** 数据接口: pages/systemData/dataInterface serves the menu address systemData/dataInterface (registry.ts; DI-*). */
export { default } from './DataInterfacePage';
