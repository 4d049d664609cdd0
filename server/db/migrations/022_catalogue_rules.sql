-- Rules the catalogue screens rely on for the tables of 004: event type names are unique among siblings (the
-- check in the handlers and this index close the race between two writers).
CREATE UNIQUE INDEX catalogue_event_types_sibling_name ON catalogue_event_types (COALESCE(parent_id, 0), type_name);
