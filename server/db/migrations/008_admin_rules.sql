-- Issue 8 (items 22, 26) on sites created before these rules. A new site gets the same from its seed: this runs
-- before the seed there, finds no modules and no configuration, and changes nothing.

-- Deleting alarms is a button module of its own under the history-event menu, held by administrators only. On an
-- existing site the roles that manage roles (roleConfig) are its administrators; operators keep handling alarms.
INSERT INTO modules (parent_id, module_name, module_name_en, module_icon, module_number, module_description, module_type, sort, visible)
SELECT id, '删除告警', 'Delete alarms', NULL, 'alarmDelete', NULL, 'button', 10, true
FROM modules WHERE module_number = 'historyEvent'
ON CONFLICT (module_number) DO NOTHING;

INSERT INTO role_modules (role_id, module_id)
SELECT held.role_id, button.id
FROM role_modules held
JOIN modules admin ON admin.id = held.module_id AND admin.module_number = 'roleConfig'
JOIN modules button ON button.module_number = 'alarmDelete'
ON CONFLICT DO NOTHING;

-- The seed used to store the system name again as the logo's display name, which is shown instead of the system
-- name (§2), so renaming the system changed nothing visible. A display name equal to the seeded one or to the
-- current system name adds nothing: clear it, and the system name shows.
UPDATE system_config SET value = '', updated_at = now()
WHERE key = 'logoDesc'
  AND (value = 'Argus 视频智能分析平台' OR value = (SELECT value FROM system_config WHERE key = 'systemName'));

-- A scene that cameras use is not deleted (it used to detach them silently): the database refuses it, so a camera
-- given the scene while it is being deleted keeps it too. The member rows (scene events, violations) still cascade.
ALTER TABLE devices DROP CONSTRAINT devices_scene_id_fkey;
ALTER TABLE devices ADD CONSTRAINT devices_scene_id_fkey FOREIGN KEY (scene_id) REFERENCES scenes (id) ON DELETE RESTRICT;
