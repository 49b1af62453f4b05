// antd's static styles for the login page, ahead of the app's own CSS (scripts/antd-css.mjs).
import 'virtual:antd-critical.css';
import { createRoot } from 'react-dom/client';
import { initI18n } from '@/i18n';
import { useApp } from '@/stores/app';
import App from '@/app/App';
import '@/app/global.css';

initI18n(useApp.getState().language);
createRoot(document.getElementById('root')!).render(<App />);
