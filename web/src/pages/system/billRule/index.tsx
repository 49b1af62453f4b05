/** 单据规则: pages/system/billRule serves the menu address system/billRule (registry.ts). */
export { default } from './BillRulePage';
