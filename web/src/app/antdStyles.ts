/**
 * antd's static styles beyond the login page's (scripts/antd-css.mjs): App loads this module
 * together with every screen but the login page, so its stylesheet is in the document before
 * that screen renders.
 */
import 'virtual:antd-rest.css';
