/**
 * The home page (ROUTE-002, issue 31): the built-in dashboard. Never an empty page.
 */
import Dashboard from './Dashboard';

export default function Home() {
  return <Dashboard />;
}
