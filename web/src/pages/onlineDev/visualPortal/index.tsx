/** 门户设计: pages/onlineDev/visualPortal serves the menu address onlineDev/visualPortal (registry.ts). */
export { default } from './PortalListPage';
