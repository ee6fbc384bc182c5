import { transportStatus, type TransportCode } from '@/server/contract/transport-codes';
import { withTrpcCodes, type TRPCErrorCode } from './trpc-code';

/**
 * Every code of the agent service's contract (docs/agent-errors.md): HTTP status, type,
 * retry advice and the message in English and Arabic. The /agent/v1 envelope, the error page
 * (/agent/docs/errors) and the OpenAPI document are generated from this one table. Messages
 * take named details (`{scope}`) filled in by the thrower; codes are never renamed, only added.
 * Each entry's tRPC code follows from its status unless it names its own (dashboard calls).
 */
export type AgentErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'conflict_error'
  | 'rate_limit_error'
  | 'quota_error'
  | 'provider_error'
  | 'api_error';

export type Retry = 'never' | 'after_retry_after' | 'short_pause' | 'backoff' | 'after_change';

interface HttpCode {
  status: number;
  type: AgentErrorType;
  retry: Retry;
  en: string;
  ar: string;
  trpc?: TRPCErrorCode;
}

/** The status of a code the agent service shares with the messaging API (one base table of transport codes). */
const transport = (code: TransportCode) => transportStatus(code, 'agent');

const invalid = (status: number, en: string, ar: string, retry: Retry = 'never'): HttpCode => ({
  status,
  type: 'invalid_request_error',
  retry,
  en,
  ar,
});
const auth = (en: string, ar: string): HttpCode => ({ status: 401, type: 'authentication_error', retry: 'after_change', en, ar });
const permission = (en: string, ar: string): HttpCode => ({ status: 403, type: 'permission_error', retry: 'never', en, ar });
const notFound = (en: string, ar: string): HttpCode => ({ status: 404, type: 'not_found_error', retry: 'never', en, ar });
const conflict = (en: string, ar: string, retry: Retry = 'after_change', status = 409): HttpCode => ({
  status,
  type: 'conflict_error',
  retry,
  en,
  ar,
});
const provider = (en: string, ar: string, retry: Retry = 'backoff'): HttpCode => ({ status: 502, type: 'provider_error', retry, en, ar });

export const agentErrorCodes = withTrpcCodes({
  // ---- invalid requests
  allowed_origins_required: invalid(
    422,
    'A publishable key needs at least one allowed origin, written as scheme://host[:port].',
    'يحتاج المفتاح القابل للنشر إلى أصل مسموح واحد على الأقل بالصيغة scheme://host[:port].',
  ),
  credential_invalid: invalid(
    422,
    'The AI provider did not accept this API key in the live check: it answered {provider_status}.',
    'لم يقبل مزوّد الذكاء الاصطناعي مفتاح API هذا عند التحقق المباشر: أجاب {provider_status_ar}.',
  ),
  draft_not_allowed: invalid(
    422,
    'version: draft runs only in playground sessions (channel: playground), for editors or keys with agents:write.',
    'يعمل الإصدار draft في جلسات التجربة فقط (channel: playground)، للمحرّرين أو للمفاتيح ذات agents:write.',
  ),
  external_id_invalid: invalid(
    422,
    'external_id must be 1 to 128 characters from letters, digits and . _ : -, starting with a letter or digit; session ids must not start with sess_ and end-user ids not with eu_.',
    'يجب أن يكون external_id من 1 إلى 128 حرفًا من الحروف والأرقام و . _ : - ويبدأ بحرف أو رقم؛ ولا يبدأ معرّف الجلسة بـ sess_ ولا معرّف المستخدم بـ eu_.',
  ),
  idempotency_key_reused: invalid(
    transport('idempotency_key_reused'),
    'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
    'استُخدم مفتاح Idempotency-Key هذا مع طلب مختلف. استخدم مفتاحًا جديدًا لكل طلب جديد.',
  ),
  identity_as_parameter: invalid(
    422,
    'A tool that requires a verified customer asks the model for identity details ({param}). Use {{end_user.external_id}} or {{end_user.traits.*}} placeholders.',
    'أداة تتطلب عميلًا موثّقًا تطلب من النموذج بيانات هوية ({param}). استخدم العناصر النائبة {{end_user.external_id}} أو {{end_user.traits.*}}.',
  ),
  if_match_required: {
    ...invalid(
      428,
      "Changing the agent configuration needs If-Match with the draft's current etag.",
      'تعديل إعدادات الوكيل يتطلب الترويسة If-Match بقيمة etag الحالية للمسودة.',
    ),
    trpc: 'PRECONDITION_FAILED',
  },
  input_too_large: invalid(413, 'The input is longer than {limit} characters.', 'المُدخل أطول من {limit} حرف.'),
  invalid_api_version: invalid(
    400,
    'Unknown Agent-Version {version}. The known version is 2026-10-06; the header may be omitted.',
    'إصدار Agent-Version غير معروف: {version}. الإصدار المعروف هو 2026-10-06، ويمكن حذف الترويسة.',
  ),
  invalid_cursor: invalid(
    400,
    'The cursor is not valid for this list. Use first_id or last_id of a previous page of the same list, and never after and before together.',
    'المؤشر غير صالح لهذه القائمة. استخدم first_id أو last_id من صفحة سابقة من القائمة نفسها، ولا ترسل after وbefore معًا.',
  ),
  invalid_idempotency_key: invalid(400, 'Idempotency-Key must be 1 to 255 characters.', 'يجب أن يكون Idempotency-Key من 1 إلى 255 حرفًا.'),
  invalid_json: invalid(
    transport('invalid_json'),
    'The request body is not valid JSON, or nests objects and arrays more than 64 levels deep.',
    'متن الطلب ليس JSON صالحًا، أو تتداخل فيه الكائنات والمصفوفات أكثر من 64 مستوى.',
  ),
  invalid_parameter: invalid(
    transport('invalid_parameter'),
    'The parameter {param} has an invalid value: {detail}',
    'قيمة المعامل {param} غير صالحة: {detail}',
  ),
  method_not_allowed: invalid(
    transport('method_not_allowed'),
    '{method} is not allowed on {path}; it takes {allow}.',
    'الطريقة {method} غير مسموحة على {path}؛ المسموح: {allow}.',
  ),
  model_not_allowed_on_plan: invalid(
    422,
    'The model {model} is not available on your plan. GET /v1/models shows allowed_on_plan.',
    'النموذج {model} غير متاح في خطتك. يعرض GET /v1/models الحقل allowed_on_plan.',
  ),
  override_not_allowed: invalid(
    422,
    'The agent does not allow overriding {param} per request. Allowed fields go in overrides.allowed, models in overrides.models, then publish; never_handle, escalation_reply and tool grants can never be overridden.',
    'لا يسمح الوكيل بتجاوز {param} لكل طلب. تُذكر الحقول المسموحة في overrides.allowed والنماذج في overrides.models ثم يُنشر الوكيل؛ ولا يمكن تجاوز never_handle وescalation_reply وصلاحيات الأدوات أبدًا.',
  ),
  placeholder_unresolved: invalid(
    422,
    'The placeholder {param} had no value, so the tool was not called.',
    'لم تكن للعنصر النائب {param} قيمة، فلم تُستدعَ الأداة.',
  ),
  project_mismatch: invalid(
    400,
    "X-Project-Id names a project other than the key's or token's own.",
    'تشير X-Project-Id إلى مشروع غير مشروع المفتاح أو الرمز.',
  ),
  project_required: invalid(
    400,
    'Dashboard requests must send X-Project-Id. With an API key the project comes from the key.',
    'يجب أن ترسل طلبات لوحة التحكم الترويسة X-Project-Id. مع مفتاح API يُؤخذ المشروع من المفتاح.',
  ),
  reference_not_found: invalid(
    422,
    'The configuration points at {param}, which does not exist in the project.',
    'تشير الإعدادات إلى {param} وهو غير موجود في المشروع.',
  ),
  request_too_large: invalid(transport('request_too_large'), 'The request body is larger than {limit}.', 'متن الطلب أكبر من {limit}.'),
  secret_host_not_allowed: invalid(
    422,
    'A secret can only be sent to hosts in its allowed_hosts.',
    'لا يُرسل السر إلا إلى المضيفين المذكورين في allowed_hosts الخاص به.',
  ),
  secret_variable_not_persistable: invalid(
    422,
    'Secret variables go only with a single message or ask request, never on POST /v1/sessions or on PATCH.',
    'تُرسل المتغيرات السرية مع رسالة واحدة أو طلب ask فقط، وليس مع POST /v1/sessions أو PATCH.',
  ),
  system_message_not_allowed: invalid(
    400,
    'System and developer messages are not accepted. With the instructions_append override they serve as per-request instructions.',
    'رسائل النظام والمطوّر غير مقبولة. مع تجاوز instructions_append تُستخدم كتعليمات لكل طلب.',
  ),
  tool_name_conflict: invalid(
    422,
    "Tool names must be unique across the agent's built-in, HTTP and client tools.",
    'يجب أن تكون أسماء الأدوات فريدة بين أدوات الوكيل المضمّنة وأدوات HTTP وأدوات العميل.',
  ),
  tool_not_declared: invalid(
    400,
    'The request includes the tool {param}, which the agent does not declare as a client-side tool.',
    'يتضمن الطلب الأداة {param} التي لا يعلنها الوكيل أداةً من جهة العميل.',
  ),
  tool_outputs_incomplete: invalid(
    422,
    'One output is needed for every call_id in required_action.tool_calls.',
    'يلزم مُخرج واحد لكل call_id في required_action.tool_calls.',
  ),
  tools_not_allowed_with_session: invalid(
    400,
    'Client-side tools cannot be sent when the request is bound to a session.',
    'لا يمكن إرسال أدوات من جهة العميل عندما يكون الطلب مرتبطًا بجلسة.',
  ),
  unknown_event_type: invalid(
    422,
    'The event list has a type not in the catalogue. Use catalogue types or ["*"].',
    'تحتوي قائمة الأحداث على نوع غير موجود في الفهرس. استخدم أنواع الفهرس أو ["*"].',
  ),
  unknown_field: invalid(
    transport('unknown_field'),
    'The field {param} is not recognized. Unknown fields are rejected.',
    'الحقل {param} غير معروف. تُرفض الحقول غير المعروفة.',
  ),
  unknown_model: invalid(
    422,
    'The model {model} is not known. Use an id from GET /v1/models.',
    'النموذج {model} غير معروف. استخدم معرّفًا من GET /v1/models.',
  ),
  unsupported_content_type: invalid(
    422,
    'Text only: input is a string or [{type: "text", text}].',
    'النص فقط: يكون input سلسلة نصية أو [{type: "text", text}].',
  ),
  unsupported_parameter: invalid(
    400,
    '{param} is not supported by the chat-completions-compatible endpoint.',
    'المعامل {param} غير مدعوم في نقطة النهاية المتوافقة مع chat completions.',
  ),
  url_not_allowed: invalid(
    transport('url_not_allowed'),
    'Use a public https:// URL on port 443 or 8443. Private, loopback and cloud-metadata addresses are blocked.',
    'استخدم عنوان https:// عامًا على المنفذ 443 أو 8443. العناوين الخاصة وعناوين الاسترجاع وبيانات السحابة الوصفية محظورة.',
  ),
  validation_failed: invalid(422, 'Invalid value at {param}: {detail}', 'قيمة غير صالحة عند {param}: {detail}'),
  variable_missing: invalid(
    422,
    'The variable {param} is required by the agent and was not provided.',
    'المتغير {param} مطلوب من الوكيل ولم يُقدَّم.',
  ),
  variable_unknown: invalid(
    422,
    'The request sets {param}, a variable the agent does not declare.',
    'يعيّن الطلب {param}، وهو متغير لا يعلنه الوكيل.',
  ),
  webhook_endpoint_limit_reached: invalid(
    422,
    'The project already has the maximum of 10 webhook endpoints.',
    'لدى المشروع الحد الأقصى من نقاط نهاية webhook وهو 10.',
  ),

  // ---- authentication (401)
  authentication_required: auth(
    'Send Authorization: Bearer <key> with a secret key, a publishable key or a client token.',
    'أرسل Authorization: Bearer <key> بمفتاح سري أو مفتاح قابل للنشر أو رمز عميل.',
  ),
  invalid_api_key: auth('The API key is mistyped, expired, rolled or revoked.', 'مفتاح API مكتوب خطأً أو منتهي الصلاحية أو مستبدل أو ملغى.'),
  invalid_client_token: auth(
    'The client token is invalid. Mint one with POST /v1/client_tokens.',
    'رمز العميل غير صالح. أنشئ رمزًا بـ POST /v1/client_tokens.',
  ),
  invalid_credentials: auth(
    'Email or password incorrect. Repeated failures are rate limited.',
    'البريد الإلكتروني أو كلمة المرور غير صحيحة. تُقيَّد المحاولات الفاشلة المتكررة.',
  ),
  token_expired: auth(
    'The client token expired. Refresh it and reconnect streams with Last-Event-ID.',
    'انتهت صلاحية رمز العميل. جدّده وأعد الاتصال بالبث باستخدام Last-Event-ID.',
  ),

  // ---- permission (403)
  csrf_check_failed: permission(
    'Dashboard cookie requests must be same-origin JSON requests. Server integrations use an API key.',
    'يجب أن تكون طلبات ملف تعريف ارتباط لوحة التحكم طلبات JSON من الأصل نفسه. تستخدم تكاملات الخوادم مفتاح API.',
  ),
  insufficient_scope: permission(
    'This key lacks the {scope} scope this route needs and does not have permissions: all.',
    'يفتقر هذا المفتاح إلى النطاق {scope} الذي يتطلبه هذا المسار وليس لديه permissions: all.',
  ),
  origin_not_allowed: permission(
    "The origin {origin} is not in the publishable key's allowed_origins.",
    'الأصل {origin} ليس ضمن allowed_origins للمفتاح القابل للنشر.',
  ),
  origin_required: permission(
    'Publishable keys work only from browsers that send Origin.',
    'تعمل المفاتيح القابلة للنشر فقط من المتصفحات التي ترسل Origin.',
  ),
  permission_denied: permission('Your role lacks the permission {permission}.', 'لا يملك دورك الصلاحية {permission}.'),
  principal_not_allowed: permission(
    'This needs a secret key or a dashboard user. Publishable keys and client tokens reach only the browser routes for end users and identity, and send no overrides and only the variables an agent marks browser_settable.',
    'يتطلب هذا مفتاحًا سريًا أو مستخدم لوحة تحكم. تصل المفاتيح القابلة للنشر ورموز العملاء إلى مسارات المتصفح فقط، ولا ترسل overrides، ولا ترسل من المتغيرات إلا ما يعلّمه الوكيل browser_settable.',
  ),
  signup_closed: permission('Sign-up is closed. An administrator must invite you.', 'التسجيل مغلق. يجب أن يدعوك مسؤول.'),

  // ---- not found (404)
  project_not_found: notFound('The project does not exist, or you are not a member of it.', 'المشروع غير موجود أو لست عضوًا فيه.'),
  resource_not_found: notFound('No such {resource}.', 'لا يوجد {resource} بهذا المعرّف.'),
  route_not_found: notFound(
    'No endpoint at {path}. Check the /v1 prefix; the reference is at /agent/docs.',
    'لا توجد نقطة نهاية عند {path}. تحقق من البادئة /v1؛ المرجع في /agent/docs.',
  ),
  session_not_found: notFound(
    'No such session. Create sessions with POST /v1/sessions and address them by sess_ id or external_id.',
    'لا توجد جلسة كهذه. أنشئ الجلسات بـ POST /v1/sessions وخاطبها بمعرّف sess_ أو external_id.',
  ),

  // ---- conflicts (409, 412)
  agent_archived: conflict('The agent is archived and no longer answers.', 'الوكيل مؤرشف ولم يعد يجيب.', 'never'),
  agent_not_ready: conflict(
    'The agent is not ready: {blockers}. GET /v1/agents/{agent} lists readiness.blockers.',
    'الوكيل غير جاهز: {blockers}. يعرض GET /v1/agents/{agent} قائمة readiness.blockers.',
  ),
  already_member: conflict('This person is already in the organization.', 'هذا الشخص عضو في المؤسسة بالفعل.', 'never'),
  client_message_id_conflict: conflict(
    'client_message_id was already used with different content.',
    'استُخدم client_message_id مع محتوى مختلف.',
    'never',
  ),
  email_taken: conflict('An account with this email exists. Log in first.', 'يوجد حساب بهذا البريد الإلكتروني. سجّل الدخول أولًا.', 'never'),
  etag_mismatch: {
    trpc: 'PRECONDITION_FAILED',
    ...conflict(
      'The draft changed since you read it. Re-fetch it and send the new etag in If-Match.',
      'تغيّرت المسودة منذ قراءتها. أعد جلبها وأرسل etag الجديد في If-Match.',
      'after_change',
      412,
    ),
  },
  handoff_already_assigned: conflict(
    'Another member claimed the handoff. Admins can reassign with force: true.',
    'استلم عضو آخر هذا التحويل. يمكن للمسؤولين إعادة الإسناد باستخدام force: true.',
  ),
  handoff_already_open: conflict('The session already has an open handoff.', 'للجلسة تحويل مفتوح بالفعل.'),
  handoff_not_open: conflict('The handoff is already resolved or expired.', 'التحويل تمت تسويته أو انتهت صلاحيته.', 'never'),
  idempotency_in_progress: conflict(
    'The first request with this Idempotency-Key is still running. Retry with backoff to get its stored result.',
    'الطلب الأول بهذا المفتاح Idempotency-Key ما زال قيد التنفيذ. أعد المحاولة بعد مهلة لتحصل على نتيجته المخزنة.',
    'short_pause',
  ),
  invitation_expired: conflict(
    'The invitation expired or was revoked. Links work once and expire after 7 days.',
    'انتهت صلاحية الدعوة أو أُلغيت. تعمل الروابط مرة واحدة وتنتهي بعد 7 أيام.',
    'never',
  ),
  last_owner: conflict('An organization keeps at least one owner.', 'يجب أن يبقى للمؤسسة مالك واحد على الأقل.', 'never'),
  model_not_configured: conflict(
    "No provider key for {model}'s provider. Connect one (POST /v1/provider_credentials) or use a platform-provided model.",
    'لا يوجد مفتاح لمزوّد النموذج {model}. اربط مفتاحًا (POST /v1/provider_credentials) أو استخدم نموذجًا توفره المنصة.',
  ),
  name_taken: conflict('The name {name} is already in use.', 'الاسم {name} مستخدم بالفعل.', 'never'),
  no_open_handoff: conflict(
    'Nothing to release or resolve: the session has no open handoff.',
    'لا شيء لإطلاقه أو تسويته: لا يوجد تحويل مفتوح للجلسة.',
    'never',
  ),
  run_already_completed: conflict('The run finished and cannot be cancelled.', 'انتهى التشغيل ولا يمكن إلغاؤه.', 'never'),
  run_not_requires_action: conflict(
    'Tool outputs are accepted only while the run status is requires_action.',
    'تُقبل مخرجات الأدوات فقط عندما تكون حالة التشغيل requires_action.',
    'never',
  ),
  session_agent_mismatch: conflict(
    'This external_id already belongs to a session with another agent.',
    'ينتمي external_id هذا إلى جلسة مع وكيل آخر.',
    'never',
  ),
  session_busy: conflict(
    'The session is answering another message and is set to concurrency: reject. Wait Retry-After or use queue.',
    'الجلسة تجيب عن رسالة أخرى وهي مضبوطة على concurrency: reject. انتظر Retry-After أو استخدم queue.',
    'short_pause',
  ),
  session_closed: conflict(
    'The session is closed and the request said if_closed: error. The default is reopen.',
    'الجلسة مغلقة والطلب حدّد if_closed: error. الافتراضي هو reopen.',
    'never',
  ),
  session_end_user_mismatch: conflict("A session's end user never changes.", 'لا يتغير المستخدم النهائي للجلسة أبدًا.', 'never'),
  session_exists: conflict('The session exists and the request said if_exists: error.', 'الجلسة موجودة والطلب حدّد if_exists: error.', 'never'),
  session_queue_full: conflict('Ten messages are already waiting in this session.', 'عشر رسائل تنتظر بالفعل في هذه الجلسة.', 'short_pause'),
  slug_taken: conflict('Another agent in the project uses the slug {slug}.', 'يستخدم وكيل آخر في المشروع المعرّف {slug}.', 'never'),

  // ---- rate limits and quotas (429)
  anonymous_limit_reached: {
    status: 429,
    type: 'rate_limit_error',
    retry: 'after_retry_after',
    en: 'An anonymous visitor limit was reached ({limit}). Retry after Retry-After seconds.',
    ar: 'بلغ الزائر المجهول حدًا ({limit}). أعد المحاولة بعد ثوانٍ Retry-After.',
  },
  cost_cap_exceeded: {
    status: 429,
    type: 'quota_error',
    retry: 'after_retry_after',
    en: 'The organization reached its daily model-cost cap. Requests resume at 00:00 UTC.',
    ar: 'بلغت المؤسسة الحد اليومي لتكلفة النماذج. تُستأنف الطلبات عند 00:00 بالتوقيت العالمي.',
  },
  playground_limit_reached: {
    status: 429,
    type: 'quota_error',
    retry: 'after_retry_after',
    en: 'The project reached its daily test-conversation cap on platform models.',
    ar: 'بلغ المشروع الحد اليومي لمحادثات التجربة على نماذج المنصة.',
  },
  quota_exceeded: {
    status: 429,
    type: 'quota_error',
    retry: 'never',
    en: "The plan's monthly AI conversation quota is used up.",
    ar: 'استُنفدت الحصة الشهرية لمحادثات الذكاء الاصطناعي في خطتك.',
  },
  rate_limited: {
    status: transport('rate_limited'),
    type: 'rate_limit_error',
    retry: 'after_retry_after',
    en: 'Too many requests. Retry after {seconds} s.',
    ar: 'طلبات كثيرة جدًا. أعد المحاولة بعد {seconds} ثانية.',
  },

  // ---- AI provider (502)
  provider_auth_failed: provider('The AI provider rejected the credentials.', 'رفض مزوّد الذكاء الاصطناعي بيانات الاعتماد.', 'after_change'),
  provider_bad_request: provider('The AI provider rejected the request.', 'رفض مزوّد الذكاء الاصطناعي الطلب.', 'never'),
  provider_error: provider(
    'The AI provider returned an error. model.fallback_models lets runs continue on another model.',
    'أعاد مزوّد الذكاء الاصطناعي خطأ. يتيح model.fallback_models متابعة التشغيل على نموذج آخر.',
  ),
  provider_overloaded: provider(
    'The AI provider is overloaded. Retry with backoff.',
    'مزوّد الذكاء الاصطناعي مثقل. أعد المحاولة بعد مهلة متزايدة.',
  ),
  provider_rate_limited: provider('The AI provider is limiting the key.', 'يقيّد مزوّد الذكاء الاصطناعي هذا المفتاح.'),
  provider_refusal: provider('The model declined to answer.', 'رفض النموذج الإجابة.', 'never'),
  provider_timeout: provider(
    'The AI provider was too slow. Try a faster model or a smaller max_reply_tokens.',
    'كان مزوّد الذكاء الاصطناعي بطيئًا جدًا. جرّب نموذجًا أسرع أو قيمة أصغر لـ max_reply_tokens.',
  ),
  provider_unavailable: provider('The AI provider is unavailable. Retry later.', 'مزوّد الذكاء الاصطناعي غير متاح. أعد المحاولة لاحقًا.'),

  // ---- server
  internal_error: {
    status: transport('internal_error'),
    type: 'api_error',
    retry: 'backoff',
    en: 'Something went wrong on our side. Retry with backoff; quote the request id if you contact support.',
    ar: 'حدث خطأ من جهتنا. أعد المحاولة بعد مهلة متزايدة، واذكر معرّف الطلب إن تواصلت مع الدعم.',
  },
  service_unavailable: {
    status: transport('service_unavailable'),
    type: 'api_error',
    retry: 'backoff',
    en: 'The service is restarting or overloaded. Retry with backoff.',
    ar: 'الخدمة قيد إعادة التشغيل أو مثقلة. أعد المحاولة بعد مهلة متزايدة.',
  },
} as const satisfies Record<string, HttpCode>);

export type AgentErrorCode = keyof typeof agentErrorCodes;

/** Codes that never come back as an HTTP error: they appear in runs, tool results and streams. */
export const agentInBandCodes = {
  handed_off: {
    appearsAs: 'tool result',
    en: 'Conversation handed to staff; returned for the remaining tool calls of a round.',
    ar: 'حُوّلت المحادثة إلى الموظفين؛ تُعاد لبقية استدعاءات الأدوات في الجولة.',
  },
  no_model_credential: {
    appearsAs: 'run error',
    en: 'No provider key for the agent. The run ended with the fallback message.',
    ar: 'لا يوجد مفتاح مزوّد للوكيل. انتهى التشغيل برسالة الاحتياط.',
  },
  run_interrupted: {
    appearsAs: 'run error',
    en: 'The run stopped before finishing, for example during a restart.',
    ar: 'توقف التشغيل قبل اكتماله، مثلًا أثناء إعادة التشغيل.',
  },
  stream_timeout: {
    appearsAs: 'stream event',
    en: 'The stream was open too long and was closed. Reconnect with Last-Event-ID (or ?after=).',
    ar: 'بقي البث مفتوحًا مدة طويلة فأُغلق. أعد الاتصال باستخدام Last-Event-ID (أو ?after=).',
  },
  ticket_already_open: { appearsAs: 'tool result', en: 'The customer already has an open ticket.', ar: 'لدى العميل تذكرة مفتوحة بالفعل.' },
  too_many_calls: {
    appearsAs: 'tool result',
    en: 'Extra tool calls beyond the per-round maximum of 5.',
    ar: 'استدعاءات أدوات زائدة عن الحد الأقصى لكل جولة وهو 5.',
  },
  tool_outputs_expired: {
    appearsAs: 'run error',
    en: 'Tool outputs did not arrive within 10 minutes. The run is failed.',
    ar: 'لم تصل مخرجات الأدوات خلال 10 دقائق. فشل التشغيل.',
  },
  unreadable: {
    appearsAs: 'tool result',
    en: 'The HTTP tool response is not JSON or does not match response.items_path and fields.',
    ar: 'استجابة أداة HTTP ليست JSON أو لا تطابق response.items_path والحقول.',
  },
  upstream_failed: {
    appearsAs: 'tool result',
    en: 'The HTTP tool endpoint failed: non-2xx, time-out, over 1 MiB, or a blocked address.',
    ar: 'فشلت نقطة نهاية أداة HTTP: استجابة غير 2xx أو انتهاء المهلة أو أكبر من 1 MiB أو عنوان محظور.',
  },
} as const;

export const agentWarnings = {
  external_id_looks_like_phone: { en: 'external_id looks like a phone number.', ar: 'يبدو external_id رقم هاتف.' },
  external_id_looks_like_email: { en: 'external_id looks like an email address.', ar: 'يبدو external_id عنوان بريد إلكتروني.' },
  create_params_ignored: {
    en: 'The session already existed, so creation-only settings were ignored.',
    ar: 'كانت الجلسة موجودة، فتم تجاهل إعدادات الإنشاء.',
  },
  client_history_ignored: {
    en: 'Stored session history was used and earlier request messages were ignored.',
    ar: 'استُخدم سجل الجلسة المخزّن وتم تجاهل رسائل الطلب السابقة.',
  },
  identity_as_parameter: { en: 'A tool parameter is named like personal identity data.', ar: 'اسم أحد معاملات الأداة يشبه بيانات هوية شخصية.' },
} as const;

export type AgentWarningCode = keyof typeof agentWarnings;

export const agentErrorTypes: Record<AgentErrorType, { en: string; ar: string }> = {
  invalid_request_error: { en: 'Fix the request (400, 405, 413, 422, 428).', ar: 'صحّح الطلب (400، 405، 413، 422، 428).' },
  authentication_error: {
    en: 'Credential missing, invalid, expired or revoked (401).',
    ar: 'بيانات الاعتماد مفقودة أو غير صالحة أو منتهية أو ملغاة (401).',
  },
  permission_error: { en: 'Credential valid but not allowed (403).', ar: 'بيانات الاعتماد صالحة لكنها غير مسموح لها (403).' },
  not_found_error: {
    en: 'Missing, or belongs to another project or another end user (404).',
    ar: 'غير موجود، أو يخص مشروعًا آخر أو مستخدمًا نهائيًا آخر (404).',
  },
  conflict_error: {
    en: 'The current state does not allow it (409, or 412 for a stale If-Match).',
    ar: 'الحالة الحالية لا تسمح بذلك (409، أو 412 عند If-Match قديم).',
  },
  rate_limit_error: { en: 'Wait for Retry-After (429).', ar: 'انتظر Retry-After (429).' },
  quota_error: { en: 'A plan or cost limit was reached (429).', ar: 'بُلغ حد الخطة أو التكلفة (429).' },
  provider_error: { en: 'The AI provider failed (502).', ar: 'فشل مزوّد الذكاء الاصطناعي (502).' },
  api_error: { en: 'Service-side failure (500, 503).', ar: 'عطل من جهة الخدمة (500، 503).' },
};

export const retryAdvice: Record<Retry, { en: string; ar: string }> = {
  never: { en: 'Do not retry: the same request fails the same way.', ar: 'لا تُعِد المحاولة: يفشل الطلب نفسه بالطريقة نفسها.' },
  after_change: {
    en: 'Retry only after changing the credential, request or state.',
    ar: 'أعد المحاولة فقط بعد تغيير بيانات الاعتماد أو الطلب أو الحالة.',
  },
  after_retry_after: { en: 'Retry after the seconds in Retry-After.', ar: 'أعد المحاولة بعد الثواني المذكورة في Retry-After.' },
  short_pause: { en: 'Retry after a short pause.', ar: 'أعد المحاولة بعد توقف قصير.' },
  backoff: { en: 'Retry with exponential backoff.', ar: 'أعد المحاولة بمهلة متزايدة أسيًا.' },
};
