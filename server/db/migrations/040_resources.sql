-- Resource monitoring (issue 12): the nodes whose figures the platform keeps — this server's host, measured by the
-- server itself, and the edge boxes, from their heartbeats — and their samples. Samples are kept raw for 48 hours
-- and as 10-minute averages (resolution 600) for 30 days (server/modules/stats/resourceRetention.ts).

CREATE TABLE resource_nodes (
  node_id varchar(64) PRIMARY KEY,
  node_name varchar(128) NOT NULL,
  ip varchar(64) NOT NULL DEFAULT '',
  role varchar(8) NOT NULL CHECK (role IN ('master', 'worker', 'box')),
  box_id integer,
  simulated boolean NOT NULL DEFAULT false,
  cpu_cores integer,
  -- true GPUs found (gpus lists them), false none, null the node does not say.
  gpu_detected boolean,
  gpus jsonb NOT NULL DEFAULT '[]',
  -- The latest sample as the list answers it (figures, network, per-GPU use).
  latest jsonb NOT NULL DEFAULT '{}',
  last_sample_at timestamptz
);
CREATE UNIQUE INDEX resource_nodes_box ON resource_nodes (box_id) WHERE box_id IS NOT NULL;

CREATE TABLE resource_samples (
  node_id varchar(64) NOT NULL REFERENCES resource_nodes (node_id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  -- 0 a raw sample; 600 the average of a 10-minute bucket starting at `at`.
  resolution integer NOT NULL DEFAULT 0,
  cpu real NOT NULL,
  memory real NOT NULL,
  disk real,
  gpu real,
  video_memory real,
  rx_bytes_per_sec double precision,
  tx_bytes_per_sec double precision,
  simulated boolean NOT NULL DEFAULT false,
  PRIMARY KEY (node_id, resolution, at)
);
CREATE INDEX resource_samples_at ON resource_samples (resolution, at);
