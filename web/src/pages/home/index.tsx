/** The home page: pages/home is the page of the address 'home' (registry.ts). */
export { default } from './Home';
