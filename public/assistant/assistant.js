// The local agent page: shows the service id it was opened for and answers, honestly, that the agent service is
// not connected. Classic script (a sandboxed frame has an opaque origin, which module scripts would need CORS for).
(() => {
  const texts = {
    'zh-CN': {
      title: '智能助手',
      service: '智能体服务：',
      noService: '（未指定）',
      status: '智能体服务未连接：这是本地占位页面，消息不会发送到任何服务。',
      input: '输入消息',
      send: '发送',
      greeting: '您好！我是智能助手的本地页面。',
      reply: '智能体服务 {id} 未连接，无法回答“{text}”。请在系统配置中把助手地址（assistantUrl）设为真实的智能体页面。',
    },
    en: {
      title: 'Assistant',
      service: 'Agent service:',
      noService: '(none given)',
      status: 'The agent service is not connected: this is a local placeholder page; messages go nowhere.',
      input: 'Type a message',
      send: 'Send',
      greeting: 'Hello! This is the assistant’s local page.',
      reply: 'The agent service {id} is not connected, so “{text}” cannot be answered. Set assistantUrl in the system configuration to the real agent page.',
    },
  };

  const query = new URLSearchParams(window.location.search);
  const requested = query.get('lang') || navigator.language || 'zh-CN';
  const language = requested.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
  const t = texts[language];
  const serviceId = (query.get('serviceId') || '').slice(0, 128);

  document.documentElement.lang = language;
  document.title = t.title;
  const byId = (id) => document.getElementById(id);
  byId('agent-title').textContent = t.title;
  byId('agent-service-label').textContent = t.service;
  byId('agent-service-id').textContent = serviceId || t.noService;
  byId('agent-status').textContent = t.status;
  byId('agent-input-label').textContent = t.input;
  byId('agent-input').placeholder = t.input;
  byId('agent-send').textContent = t.send;

  const log = byId('agent-log');
  const say = (text, from) => {
    const line = document.createElement('li');
    line.className = from === 'user' ? 'from-user' : 'from-agent';
    line.textContent = text; // text only: nothing typed is ever parsed as HTML
    log.appendChild(line);
    line.scrollIntoView({ block: 'end' });
  };

  say(t.greeting, 'agent');

  const input = byId('agent-input');
  byId('agent-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    say(text, 'user');
    say(t.reply.replace('{id}', serviceId || t.noService).replace('{text}', text.slice(0, 80)), 'agent');
    input.value = '';
    input.focus();
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      byId('agent-form').requestSubmit();
    }
  });
})();
