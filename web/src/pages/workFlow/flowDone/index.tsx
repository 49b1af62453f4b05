/** pages/workFlow/flowDone serves the menu address workFlow/flowDone (registry.ts): the task list. */
import { TaskList } from '@/workflow/TaskList';

export default function Page() {
  return <TaskList kind="done" />;
}
