// One algorithm in the mall: its sample image (or the scene's cover), name, newest version, type and scene, its
// description, downloads, and each published version with its own download.
import { useTranslation } from 'react-i18next';
import Button from 'rsuite/Button';
import 'rsuite/Button/styles/index.css';
import type { MallAlgorithm } from './catalogueApi.ts';

const sizeText = (bytes: number) => (bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export function MallCard({ algorithm, canDownload, onDownload }: { algorithm: MallAlgorithm; canDownload: boolean; onDownload(id: number, version: string): void }) {
  const { t } = useTranslation('catalogue');
  const headingId = `mall-${algorithm.id}-name`;
  const image = algorithm.sampleImages[0];
  return (
    <article className="mall-card" aria-labelledby={headingId}>
      {image ? <img className="mall-card-image" src={image} alt={t('mall.sampleOf', { name: algorithm.name })} loading="lazy" /> : <div className="mall-card-image empty">{t('mall.noImage')}</div>}
      <div className="mall-card-body">
        <h2 id={headingId}>
          {algorithm.name} <span className="mall-version">{algorithm.version}</span>
        </h2>
        <p className="mall-tags">
          <span>{algorithm.modelTypeName}</span>
          {algorithm.modelSceneName ? <span>{algorithm.modelSceneName}</span> : null}
          <span>{t(`mall.source.${algorithm.source}`)}</span>
        </p>
        <p className="mall-description">{algorithm.description || t('mall.noDescription')}</p>
        <p className="mall-stats">{t('mall.stats', { downloads: algorithm.downloads, time: algorithm.publishTime })}</p>
        {algorithm.sampleImages.length > 1 ? (
          <div className="mall-samples">
            {algorithm.sampleImages.slice(1).map((url, index) => (
              <img key={url} src={url} alt={t('mall.sampleN', { name: algorithm.name, n: index + 2 })} loading="lazy" />
            ))}
          </div>
        ) : null}
        <details className="mall-versions" open={algorithm.versions.length <= 2}>
          <summary>{t('mall.versions', { n: algorithm.versions.length })}</summary>
          <ul>
            {algorithm.versions.map((version) => (
              <li key={version.id}>
                <span>{version.version}</span>
                <span>{sizeText(version.size)}</span>
                <span>{t('mall.downloads', { n: version.downloads })}</span>
                <span>{version.publishTime}</span>
                {canDownload ? (
                  <Button size="xs" appearance="link" onClick={() => onDownload(version.id, version.version)} aria-label={t('mall.downloadOf', { name: algorithm.name, version: version.version })}>
                    {t('mall.download')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      </div>
    </article>
  );
}
