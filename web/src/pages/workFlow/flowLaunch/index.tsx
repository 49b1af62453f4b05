/** pages/workFlow/flowLaunch serves the menu address workFlow/flowLaunch (registry.ts): the task list. */
import { TaskList } from '@/workflow/TaskList';

export default function Page() {
  return <TaskList kind="launch" />;
}
