/** 日程安排: pages/extend/schedule serves the menu address extend/schedule, the JNPF client's view (registry.ts; SCHED-*). */
export { default } from './SchedulePage';
