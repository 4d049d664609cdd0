// /taskConfig: detection tasks and their configuration.
import { useTranslation } from 'react-i18next';
import { TasksScreen } from './TasksScreen.tsx';

export default function TaskConfigScreen() {
  const { t } = useTranslation('tasks');
  return <TasksScreen permission="taskConfig" title={t('titles.taskConfig')} />;
}
