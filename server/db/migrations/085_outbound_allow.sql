-- The allowed hosts of the server's outbound calls (/system/outboundConfig) are an administrator's button inside
-- "Other configuration": a role that may edit the watermark may not open internal addresses to pushes. An existing
-- site gives it to the roles that manage roles (its administrators), as 008 and 060 did for theirs.
INSERT INTO modules (parent_id, module_name, module_name_en, module_icon, module_number, module_description, module_type, sort, visible)
SELECT id, '出站调用允许的主机', 'Allowed hosts of outbound calls', NULL, 'outboundAllow', NULL, 'button', 10, true
FROM modules WHERE module_number = 'otherConfig'
ON CONFLICT (module_number) DO NOTHING;

INSERT INTO role_modules (role_id, module_id)
SELECT held.role_id, button.id
FROM role_modules held
JOIN modules admin ON admin.id = held.module_id AND admin.module_number = 'roleConfig'
JOIN modules button ON button.module_number = 'outboundAllow'
ON CONFLICT DO NOTHING;
