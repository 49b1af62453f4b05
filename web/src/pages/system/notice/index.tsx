/** 通知公告: pages/system/notice serves the menu address system/notice, the JNPF client's view (registry.ts). */
export { default } from './NoticePage';
