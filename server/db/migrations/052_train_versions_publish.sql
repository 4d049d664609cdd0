-- Trained versions (issue 10): publishing a version to the warehouse (and withdrawing it), versions imported from
-- an exported package (no training job made them), and each version's class counts kept beside its snapshot (an
-- imported version has no samples of this server, only the counts its package names).
ALTER TABLE train_versions ALTER COLUMN job_id DROP NOT NULL;
ALTER TABLE train_versions ADD COLUMN source varchar(16) NOT NULL DEFAULT 'train' CHECK (source IN ('train', 'import'));
ALTER TABLE train_versions ADD COLUMN published_at timestamptz;
ALTER TABLE train_versions ADD COLUMN published_by varchar(32);
ALTER TABLE train_versions ADD COLUMN positive_count integer NOT NULL DEFAULT 0 CHECK (positive_count >= 0);
ALTER TABLE train_versions ADD COLUMN negative_count integer NOT NULL DEFAULT 0 CHECK (negative_count >= 0);
UPDATE train_versions SET
  positive_count = (SELECT count(*) FROM jsonb_array_elements(samples) AS s WHERE s ->> 'label' = 'positive'),
  negative_count = (SELECT count(*) FROM jsonb_array_elements(samples) AS s WHERE s ->> 'label' = 'negative');
CREATE INDEX train_versions_algorithm ON train_versions (algorithm_id, id DESC);
