// /taskConfigThird: task configuration opened from a third-party page (no main layout).
import { useTranslation } from 'react-i18next';
import { TasksScreen } from './TasksScreen.tsx';

export default function TaskConfigThirdScreen() {
  const { t } = useTranslation('tasks');
  return <TasksScreen permission="taskConfigThird" title={t('titles.taskConfig')} />;
}
