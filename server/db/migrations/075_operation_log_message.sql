-- The operation log's result message was stored as the caller read it, in the caller's language: a log read in
-- English showed a Chinese caller's "用户名或密码错误". The message's key and parameters are kept too, so the log
-- is read in the reader's language (server/modules/logs/logHandlers.ts); msg stays, for rows written before and
-- for a key a later version no longer has.
ALTER TABLE operation_logs ADD COLUMN msg_key varchar(64), ADD COLUMN msg_params text;
