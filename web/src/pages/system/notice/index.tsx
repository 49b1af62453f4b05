/** 通知公告: pages/msgCenter/notice serves the menu address msgCenter/notice (registry.ts). */
export { default } from './NoticePage';
