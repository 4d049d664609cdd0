// Catches a kept-alive screen's render error (it renders outside its route, so no route error boundary sees it)
// and says so in place of the screen, as RouteErrorScreen does for routed screens.
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function ScreenFailed() {
  const { t } = useTranslation();
  return (
    <div className="boot-splash" role="alert">
      <p>{t('errors.screenFailed')}</p>
      <button type="button" className="plain-button" onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </button>
    </div>
  );
}

export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.failed ? <ScreenFailed /> : this.props.children;
  }
}
