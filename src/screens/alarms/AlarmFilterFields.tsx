// The filter bar of the alarm lists: time range (§5: start not after end, not later than now, at most 15 days),
// camera (the cameras that have alarms), type (the §3 tables, or the menu's typeIds), status, keyword.
import { useEffect, useMemo, useState } from 'react';
import { afterPaint } from '../../app/afterPaint.ts';
import { useTranslation } from 'react-i18next';
import SelectPicker from 'rsuite/SelectPicker';
import 'rsuite/SelectPicker/styles/index.css';
import { DATE_TIME_TEXTS } from '../../components/dateRange/typedRange.ts';
import { LazyDateRangePicker } from '../../components/dateRange/LazyDateRangePicker.tsx';
import { type FilterDraft, FilterBar, FilterField } from '../../components/table/FilterBar.tsx';
import { ALL_EVENT_TYPES, parseTypeIds } from '../../domain/roadEventTypes.ts';
import type { AlarmStatus } from '../../machines/alarmLifecycle.machine.ts';
import { type AlarmFilterKey, KEYWORD_MAX, RANGE_LIMIT_DAYS } from './alarmFilters.ts';
import { listAlarmCameras, type WarnEventCamera } from './alarmsApi.ts';
import { STATUS_KEYS, useTypeName } from './alarmText.ts';
import { TextFilter } from '../../components/table/filterFields.tsx';

const DAY = 24 * 3_600_000;

interface Props {
  draft: FilterDraft<AlarmFilterKey>;
  problems: Partial<Record<AlarmFilterKey, string>>;
  statuses: readonly AlarmStatus[];
  typeIds: string | null;
}

export function AlarmFilterFields({ draft, problems, statuses, typeIds }: Props) {
  const { t } = useTranslation('alarms');
  const typeName = useTypeName();
  const [cameras, setCameras] = useState<WarnEventCamera[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const cancelWait = afterPaint(() =>
      listAlarmCameras(controller.signal).then(
        (list) => !controller.signal.aborted && setCameras(list),
        () => !controller.signal.aborted && setCameras([]),
      ),
    );
    return () => {
      cancelWait();
      controller.abort();
    };
  }, []);

  const menuTypes = useMemo(() => parseTypeIds(typeIds), [typeIds]);
  const typeOptions = useMemo(
    () =>
      ALL_EVENT_TYPES.filter((type) => menuTypes.length === 0 || menuTypes.includes(type.id)).map((type) => ({
        value: String(type.id),
        label: typeName(type.id),
        group: t(`kind.${type.id >= 1001 ? 'road' : 'violation'}`),
      })),
    [menuTypes, typeName, t],
  );
  const cameraOptions = (cameras ?? []).map((camera) => ({ value: String(camera.cameraId), label: camera.cameraName }));
  const statusOptions = statuses.map((status) => ({ value: String(status), label: t(`status.${STATUS_KEYS[status]}`) }));

  const presets = [
    { label: t('filters.lastDay'), value: () => [new Date(Date.now() - DAY), new Date()] as [Date, Date] },
    { label: t('filters.lastWeek'), value: () => [new Date(Date.now() - 7 * DAY), new Date()] as [Date, Date] },
    { label: t('filters.last15Days'), value: () => [new Date(Date.now() - 15 * DAY), new Date()] as [Date, Date] },
  ];

  return (
    <FilterBar draft={draft as FilterDraft<string>} label={t('filters.label')}>
      <FilterField id="alarm-filter-time" label={t('fields.timeRange')} problem={problems.startTime ?? problems.endTime}>
        <LazyDateRangePicker
          id="alarm-filter-time"
          format="yyyy-MM-dd HH:mm:ss"
          start={draft.values.startTime}
          end={draft.values.endTime}
          texts={DATE_TIME_TEXTS}
          ranges={presets}
          shouldDisableDate={(date) => date.getTime() > Date.now()}
          onChange={(range) => {
            draft.set('startTime', range.start);
            draft.set('endTime', range.end);
          }}
          placeholder={t('filters.defaultWindow', { days: RANGE_LIMIT_DAYS })}
          style={{ minWidth: 330 }}
        />
      </FilterField>
      <FilterField id="alarm-filter-camera" label={t('fields.camera')} problem={problems.cameraId}>
        <SelectPicker
          id="alarm-filter-camera"
          data={cameraOptions}
          value={draft.values.cameraId || null}
          onChange={(value) => draft.applyNow('cameraId', value ?? '')}
          loading={cameras === null}
          placeholder={t('filters.any')}
          style={{ width: 200 }}
        />
      </FilterField>
      <FilterField id="alarm-filter-type" label={t('fields.type')} problem={problems.eventType}>
        <SelectPicker
          id="alarm-filter-type"
          data={typeOptions}
          groupBy="group"
          value={draft.values.eventType || null}
          onChange={(value) => draft.applyNow('eventType', value ?? '')}
          placeholder={t('filters.any')}
          style={{ width: 200 }}
        />
      </FilterField>
      {statuses.length > 1 ? (
        <FilterField id="alarm-filter-status" label={t('fields.status')} problem={problems.status}>
          <SelectPicker
            id="alarm-filter-status"
            data={statusOptions}
            // A screen limited to some statuses shows the first of them when none is chosen.
            value={draft.values.status || (statuses.length < STATUS_KEYS.length ? String(statuses[0]) : null)}
            onChange={(value) => draft.applyNow('status', value ?? '')}
            cleanable={statuses.length === STATUS_KEYS.length}
            searchable={false}
            placeholder={t('filters.any')}
            style={{ width: 130 }}
          />
        </FilterField>
      ) : null}
      <TextFilter
        draft={draft}
        field="keyword"
        id="alarm-filter-keyword"
        label={t('fields.keyword')}
        problem={problems.keyword}
        placeholder={t('filters.keywordHint')}
        maxLength={KEYWORD_MAX + 1}
      />
    </FilterBar>
  );
}
