/** The profile page: pages/profile is the page of the address 'profile' (registry.ts). */
export { default } from './Profile';
