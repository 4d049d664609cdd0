-- Trainings that hold up on real cameras (issue 36): each training's augmentation settings — how many augmented
-- copies of every image it trains on (JPEG re-compression, camera-like rescaling, crop and shift, brightness and
-- contrast) and whether copies may be mirrored left–right (off when the target has a direction: arrows, text).
-- The defaults are what a training gets when the caller does not say.
ALTER TABLE train_jobs
  ADD COLUMN augment_copies smallint NOT NULL DEFAULT 4 CHECK (augment_copies BETWEEN 0 AND 8),
  ADD COLUMN augment_flip boolean NOT NULL DEFAULT true;
