// /taskConfigThirdWhite: task configuration in the white layout (capability showcase).
import { useTranslation } from 'react-i18next';
import { TasksScreen } from './TasksScreen.tsx';

export default function TaskConfigThirdWhiteScreen() {
  const { t } = useTranslation('tasks');
  return <TasksScreen permission="taskConfigThirdWhite" title={t('titles.taskConfig')} />;
}
