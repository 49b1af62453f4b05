/** pages/workFlow/flowTodo serves the menu address workFlow/flowTodo (registry.ts): the task list. */
import { TaskList } from '@/workflow/TaskList';

export default function Page() {
  return <TaskList kind="todo" />;
}
