/** pages/workFlow/flowCirculate serves the menu address workFlow/flowCirculate (registry.ts): the task list. */
import { TaskList } from '@/workflow/TaskList';

export default function Page() {
  return <TaskList kind="circulate" />;
}
