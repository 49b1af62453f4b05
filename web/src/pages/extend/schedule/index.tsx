/** 日程安排: pages/schedule serves the menu address schedule (registry.ts; SCHED-*). */
export { default } from './SchedulePage';
