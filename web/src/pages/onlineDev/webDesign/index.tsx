/** 功能设计: pages/onlineDev/webDesign serves the menu address onlineDev/webDesign (registry.ts). */
export { default } from './ModelPage';
