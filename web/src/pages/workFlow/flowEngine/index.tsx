/** 流程设计: pages/workFlow/flowEngine serves the menu address workFlow/flowEngine (registry.ts). */
export { default } from './FlowEnginePage';
