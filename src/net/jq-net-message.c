/* Network messages to and from JSON lines, with every field checked. */
#include "jq-net-message.h"

#include <json-glib/json-glib.h>
#include <stddef.h>
#include <string.h>

#include "jq-net-error.h"

typedef enum {
  F_INT,        /* int, within min..max */
  F_INT64,      /* int64_t, within min..max */
  F_TEXT,       /* printable UTF-8 of at most max bytes (min: least) */
  F_CODE,       /* printable ASCII without blanks, at most max bytes */
  F_MOVE,       /* "h2e2": a file letter and a rank digit, twice */
  F_VARIANT,    /* "xiangqi" or "jieqi" */
  F_COLOR,      /* "red" or "black" */
  F_DISCLOSURE, /* "captor", "nobody" or "both" */
  F_BYTES,      /* base64 of min..max bytes, into data and data_len */
} FieldKind;

typedef struct {
  const char *name;
  FieldKind kind;
  size_t offset;
  int64_t min, max;
} Field;

#define FIELDS_MAX 7
#define OFF(f) offsetof(JqNetMessage, f)

typedef struct {
  const char *name;
  Field fields[FIELDS_MAX];
} TypeInfo;

static const Field ply_field = {"ply", F_INT, OFF(ply), 0, JQ_NET_PLY_MAX};

/* One entry per JqNetMsgType, in order; every listed field is required
 * and no other is allowed. */
static const TypeInfo types[JQ_NET_MSG_COUNT] = {
    [JQ_NET_MSG_HELLO] = {"hello",
                          {{"version", F_INT, OFF(version), 1, 1000000},
                           {"program", F_TEXT, OFF(program), 1,
                            JQ_NET_PROGRAM_MAX},
                           {"name", F_TEXT, OFF(name), 1, JQ_NET_NAME_MAX},
                           {"code", F_CODE, OFF(code), 0, JQ_NET_CODE_MAX}}},
    [JQ_NET_MSG_PARAMS] =
        {"params",
         {{"variant", F_VARIANT, OFF(variant), 0, 0},
          {"host_color", F_COLOR, OFF(host_color), 0, 0},
          {"disclosure", F_DISCLOSURE, OFF(disclosure), 0, 0},
          {"base_ms", F_INT64, OFF(base_ms), 0, INT64_C(86400000)},
          {"inc_ms", F_INT64, OFF(inc_ms), 0, INT64_C(3600000)},
          {"movestogo", F_INT, OFF(movestogo), 0, 1000},
          {"movetime_ms", F_INT64, OFF(movetime_ms), 0, INT64_C(86400000)}}},
    [JQ_NET_MSG_MOVE] = {"move",
                         {{"move", F_MOVE, OFF(move), 0, 0}, ply_field}},
    [JQ_NET_MSG_RESIGN] = {"resign", {{NULL}}},
    [JQ_NET_MSG_DRAW_OFFER] = {"draw_offer", {ply_field}},
    [JQ_NET_MSG_DRAW_ACCEPT] = {"draw_accept", {ply_field}},
    [JQ_NET_MSG_DRAW_DECLINE] = {"draw_decline", {ply_field}},
    [JQ_NET_MSG_TAKEBACK_REQUEST] = {"takeback_request", {ply_field}},
    [JQ_NET_MSG_TAKEBACK_ACCEPT] = {"takeback_accept", {ply_field}},
    [JQ_NET_MSG_TAKEBACK_DECLINE] = {"takeback_decline", {ply_field}},
    [JQ_NET_MSG_CHAT] = {"chat",
                         {{"text", F_TEXT, OFF(text), 1, JQ_NET_CHAT_MAX}}},
    [JQ_NET_MSG_CLOCK] =
        {"clock",
         {{"red_ms", F_INT64, OFF(clock_ms[0]), 0, INT64_C(86400000) * 2},
          {"black_ms", F_INT64, OFF(clock_ms[1]), 0, INT64_C(86400000) * 2},
          ply_field}},
    [JQ_NET_MSG_PING] = {"ping", {{"id", F_INT64, OFF(id), 0, INT64_MAX}}},
    [JQ_NET_MSG_PONG] = {"pong", {{"id", F_INT64, OFF(id), 0, INT64_MAX}}},
    [JQ_NET_MSG_BYE] = {"bye",
                        {{"reason", F_TEXT, OFF(text), 0, JQ_NET_REASON_MAX}}},
    [JQ_NET_MSG_DEAL] = {"deal",
                         {{"deal", F_BYTES, OFF(data), 1, JQ_NET_DATA_MAX}}},
    [JQ_NET_MSG_SHARE] = {"share",
                          {{"share", F_BYTES, OFF(data), 1, JQ_NET_DATA_MAX},
                           ply_field}},
    [JQ_NET_MSG_END] = {"end",
                        {{"end", F_BYTES, OFF(data), 1, JQ_NET_DATA_MAX}}},
    [JQ_NET_MSG_FLAG] = {"flag", {ply_field}},
    [JQ_NET_MSG_RESUME] = {"resume",
                           {ply_field,
                            {"digest", F_BYTES, OFF(data), 64, 64},
                            {"shares", F_INT, OFF(held), -1, 2}}},
    [JQ_NET_MSG_LEAVE] = {"leave",
                          {{"reason", F_TEXT, OFF(text), 0,
                            JQ_NET_REASON_MAX}}},
};

static const char *const disclosure_names[] = {
    [JQ_DISCLOSE_CAPTOR] = "captor",
    [JQ_DISCLOSE_NOBODY] = "nobody",
    [JQ_DISCLOSE_BOTH] = "both",
};

const char *jq_net_message_type_name(JqNetMsgType type) {
  return (unsigned)type < JQ_NET_MSG_COUNT ? types[type].name : "?";
}

void jq_net_message_init(JqNetMessage *msg, JqNetMsgType type) {
  memset(msg, 0, sizeof *msg);
  msg->type = type;
}

static gboolean fail(GError **error, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static gboolean fail(GError **error, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *text = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  g_set_error(error, JQ_NET_ERROR, JQ_NET_ERROR_MALFORMED, "%s", text);
  g_free(text);
  return FALSE;
}

/* Control characters (C0, DEL, C1) would let a name or a chat line forge
 * lines of output or move a terminal's cursor. */
static gboolean text_is_printable(const char *s) {
  for (const char *p = s; *p; p = g_utf8_next_char(p)) {
    gunichar c = g_utf8_get_char(p);
    if (c < 0x20 || (c >= 0x7f && c < 0xa0))
      return FALSE;
  }
  return TRUE;
}

static gboolean code_is_valid(const char *s) {
  for (const char *p = s; *p; p++)
    if (*p < 0x21 || *p > 0x7e)
      return FALSE;
  return TRUE;
}

static gboolean move_is_valid(const char *s) {
  return strlen(s) == 4 && s[0] >= 'a' && s[0] <= 'i' && s[1] >= '0' &&
         s[1] <= '9' && s[2] >= 'a' && s[2] <= 'i' && s[3] >= '0' &&
         s[3] <= '9';
}

/* Standard base64 with its padding, nothing else: g_base64_decode()
 * skips what it does not know, so the text is checked first. */
static gboolean base64_is_valid(const char *s, size_t len) {
  if (len == 0 || len % 4 != 0)
    return FALSE;
  for (size_t i = 0; i < len; i++) {
    char c = s[i];
    gboolean pad_ok =
        i >= len - 2 && c == '=' && (i == len - 1 || s[len - 1] == '=');
    if (!g_ascii_isalnum(c) && c != '+' && c != '/' && !pad_ok)
      return FALSE;
  }
  return TRUE;
}

static const char *json_type_name(JsonNode *node) {
  if (JSON_NODE_HOLDS_OBJECT(node))
    return "an object";
  if (JSON_NODE_HOLDS_ARRAY(node))
    return "an array";
  if (JSON_NODE_HOLDS_NULL(node))
    return "null";
  GType t = json_node_get_value_type(node);
  if (t == G_TYPE_STRING)
    return "a string";
  if (t == G_TYPE_BOOLEAN)
    return "a boolean";
  if (t == G_TYPE_DOUBLE)
    return "a fraction";
  return "a number";
}

static gboolean read_field(JsonObject *obj, const char *type_name,
                           const Field *f, JqNetMessage *msg, GError **error) {
  JsonNode *node = json_object_get_member(obj, f->name);
  if (node == NULL)
    return fail(error, "%s message without its \"%s\" field", type_name,
                f->name);
  char *at = (char *)msg + f->offset;
  gboolean want_int = f->kind == F_INT || f->kind == F_INT64;
  if (want_int) {
    if (!JSON_NODE_HOLDS_VALUE(node) ||
        json_node_get_value_type(node) != G_TYPE_INT64)
      return fail(error, "%s message: \"%s\" is %s, not a whole number",
                  type_name, f->name, json_type_name(node));
    gint64 v = json_node_get_int(node);
    if (v < f->min || v > f->max)
      return fail(error,
                  "%s message: \"%s\" is %" G_GINT64_FORMAT
                  ", outside %" G_GINT64_FORMAT "..%" G_GINT64_FORMAT,
                  type_name, f->name, v, f->min, f->max);
    if (f->kind == F_INT) {
      int iv = (int)v;
      memcpy(at, &iv, sizeof iv);
    } else {
      int64_t lv = v;
      memcpy(at, &lv, sizeof lv);
    }
    return TRUE;
  }
  if (!JSON_NODE_HOLDS_VALUE(node) ||
      json_node_get_value_type(node) != G_TYPE_STRING)
    return fail(error, "%s message: \"%s\" is %s, not a string", type_name,
                f->name, json_type_name(node));
  const char *s = json_node_get_string(node);
  size_t len = strlen(s);
  switch (f->kind) {
  case F_TEXT:
  case F_CODE:
    if ((int64_t)len > f->max)
      return fail(error,
                  "%s message: \"%s\" is %zu bytes long, more than the "
                  "%" G_GINT64_FORMAT " allowed",
                  type_name, f->name, len, f->max);
    if ((int64_t)len < f->min)
      return fail(error, "%s message: \"%s\" is empty", type_name, f->name);
    if (f->kind == F_TEXT ? !text_is_printable(s) : !code_is_valid(s))
      return fail(error, "%s message: \"%s\" holds a character it may not hold",
                  type_name, f->name);
    memcpy(at, s, len + 1);
    return TRUE;
  case F_MOVE:
    if (!move_is_valid(s))
      return fail(error, "%s message: \"%s\" is not a move such as \"h2e2\"",
                  type_name, f->name);
    memcpy(at, s, 5);
    return TRUE;
  case F_VARIANT: {
    JqVariant v;
    if (strcmp(s, "xiangqi") == 0)
      v = JQ_VARIANT_XIANGQI;
    else if (strcmp(s, "jieqi") == 0)
      v = JQ_VARIANT_JIEQI;
    else
      return fail(error,
                  "%s message: \"%s\" is neither \"xiangqi\" nor \"jieqi\"",
                  type_name, f->name);
    memcpy(at, &v, sizeof v);
    return TRUE;
  }
  case F_COLOR: {
    JqColor c;
    if (strcmp(s, "red") == 0)
      c = JQ_RED;
    else if (strcmp(s, "black") == 0)
      c = JQ_BLACK;
    else
      return fail(error, "%s message: \"%s\" is neither \"red\" nor \"black\"",
                  type_name, f->name);
    memcpy(at, &c, sizeof c);
    return TRUE;
  }
  case F_DISCLOSURE: {
    int d = -1;
    for (int i = 0; i < (int)G_N_ELEMENTS(disclosure_names); i++)
      if (strcmp(s, disclosure_names[i]) == 0)
        d = i;
    if (d < 0)
      return fail(error,
                  "%s message: \"%s\" is none of \"captor\", \"nobody\", "
                  "\"both\"",
                  type_name, f->name);
    JqDisclosure v = (JqDisclosure)d;
    memcpy(at, &v, sizeof v);
    return TRUE;
  }
  case F_BYTES: {
    if (len > (size_t)(f->max + 2) / 3 * 4 || !base64_is_valid(s, len))
      return fail(
          error,
          "%s message: \"%s\" is not base64 of at most %" G_GINT64_FORMAT
          " bytes",
          type_name, f->name, f->max);
    gsize n = 0;
    guchar *bytes = g_base64_decode(s, &n);
    gboolean ok = n >= (gsize)f->min && n <= (gsize)f->max;
    if (ok) {
      memcpy(msg->data, bytes, n);
      msg->data_len = n;
    }
    g_free(bytes);
    if (!ok)
      return fail(error, "%s message: \"%s\" holds %zu bytes", type_name,
                  f->name, (size_t)n);
    return TRUE;
  }
  default: g_assert_not_reached();
  }
}

static gboolean is_field(const TypeInfo *info, const char *name) {
  for (int i = 0; i < FIELDS_MAX && info->fields[i].name; i++)
    if (strcmp(info->fields[i].name, name) == 0)
      return TRUE;
  return FALSE;
}

static gboolean parse_object(JsonObject *obj, JqNetMessage *msg,
                             GError **error) {
  JsonNode *type_node = json_object_get_member(obj, "type");
  if (type_node == NULL)
    return fail(error, "a message without a \"type\"");
  if (!JSON_NODE_HOLDS_VALUE(type_node) ||
      json_node_get_value_type(type_node) != G_TYPE_STRING)
    return fail(error, "the message's \"type\" is %s, not a string",
                json_type_name(type_node));
  const char *type_name = json_node_get_string(type_node);
  int type = -1;
  for (int t = 0; t < JQ_NET_MSG_COUNT; t++)
    if (strcmp(types[t].name, type_name) == 0)
      type = t;
  if (type < 0) {
    char *quoted = g_strescape(type_name, NULL);
    if (strlen(quoted) > 40)
      strcpy(quoted + 37, "...");
    fail(error, "unknown message type \"%s\"", quoted);
    g_free(quoted);
    return FALSE;
  }
  jq_net_message_init(msg, (JqNetMsgType)type);
  const TypeInfo *info = &types[type];

  /* A hello of another version may well have other fields: the version
   * is what to report. */
  JsonNode *version = json_object_get_member(obj, "version");
  if (type == JQ_NET_MSG_HELLO && version && JSON_NODE_HOLDS_VALUE(version) &&
      json_node_get_value_type(version) == G_TYPE_INT64 &&
      json_node_get_int(version) != JQ_NET_PROTOCOL_VERSION) {
    jq_net_error_set(error, JQ_NET_ERROR_VERSION, JQ_NET_DETAIL_NONE, NULL,
                     json_node_get_int(version), JQ_NET_PROTOCOL_VERSION,
                     "the peer speaks protocol version %" G_GINT64_FORMAT
                     ", this program speaks %d",
                     json_node_get_int(version), JQ_NET_PROTOCOL_VERSION);
    return FALSE;
  }

  GList *members = json_object_get_members(obj);
  for (GList *l = members; l; l = l->next) {
    const char *name = l->data;
    if (strcmp(name, "type") != 0 && !is_field(info, name)) {
      char *quoted = g_strescape(name, NULL);
      if (strlen(quoted) > 40)
        strcpy(quoted + 37, "...");
      fail(error, "%s message with an unknown field \"%s\"", info->name,
           quoted);
      g_free(quoted);
      g_list_free(members);
      return FALSE;
    }
  }
  g_list_free(members);
  for (int i = 0; i < FIELDS_MAX && info->fields[i].name; i++)
    if (!read_field(obj, info->name, &info->fields[i], msg, error))
      return FALSE;
  return TRUE;
}

gboolean jq_net_message_parse(const char *line, gsize length, JqNetMessage *msg,
                              GError **error) {
  if (length > JQ_NET_MESSAGE_MAX) {
    g_set_error(error, JQ_NET_ERROR, JQ_NET_ERROR_TOO_LONG,
                "a message of %zu bytes, more than the %d allowed",
                (size_t)length, JQ_NET_MESSAGE_MAX);
    return FALSE;
  }
  if (memchr(line, '\0', length) ||
      !g_utf8_validate(line, (gssize)length, NULL))
    return fail(error, "a message that is not UTF-8 text");
  JsonParser *parser = json_parser_new_immutable();
  GError *json_error = NULL;
  gboolean ok = FALSE;
  if (!json_parser_load_from_data(parser, line, (gssize)length, &json_error)) {
    fail(error, "a message that is not JSON (%s)", json_error->message);
    g_error_free(json_error);
  } else {
    JsonNode *root = json_parser_get_root(parser);
    if (root == NULL || !JSON_NODE_HOLDS_OBJECT(root))
      fail(error, "a message that is not a JSON object");
    else
      ok = parse_object(json_node_get_object(root), msg, error);
  }
  g_object_unref(parser);
  return ok;
}

char *jq_net_message_to_line(const JqNetMessage *msg) {
  g_return_val_if_fail((unsigned)msg->type < JQ_NET_MSG_COUNT, NULL);
  const TypeInfo *info = &types[msg->type];
  JsonBuilder *b = json_builder_new_immutable();
  json_builder_begin_object(b);
  json_builder_set_member_name(b, "type");
  json_builder_add_string_value(b, info->name);
  for (int i = 0; i < FIELDS_MAX && info->fields[i].name; i++) {
    const Field *f = &info->fields[i];
    const char *at = (const char *)msg + f->offset;
    json_builder_set_member_name(b, f->name);
    switch (f->kind) {
    case F_INT: {
      int v;
      memcpy(&v, at, sizeof v);
      json_builder_add_int_value(b, v);
      break;
    }
    case F_INT64: {
      int64_t v;
      memcpy(&v, at, sizeof v);
      json_builder_add_int_value(b, v);
      break;
    }
    case F_TEXT:
    case F_CODE:
    case F_MOVE: json_builder_add_string_value(b, at); break;
    case F_VARIANT: {
      JqVariant v;
      memcpy(&v, at, sizeof v);
      json_builder_add_string_value(b, v == JQ_VARIANT_JIEQI ? "jieqi"
                                                             : "xiangqi");
      break;
    }
    case F_COLOR: {
      JqColor c;
      memcpy(&c, at, sizeof c);
      json_builder_add_string_value(b, c == JQ_BLACK ? "black" : "red");
      break;
    }
    case F_DISCLOSURE: {
      JqDisclosure d;
      memcpy(&d, at, sizeof d);
      json_builder_add_string_value(
          b, disclosure_names[(unsigned)d < G_N_ELEMENTS(disclosure_names)
                                  ? d
                                  : JQ_DISCLOSE_CAPTOR]);
      break;
    }
    case F_BYTES: {
      char *text = g_base64_encode(msg->data, msg->data_len);
      json_builder_add_string_value(b, text);
      g_free(text);
      break;
    }
    }
  }
  json_builder_end_object(b);
  JsonNode *root = json_builder_get_root(b);
  JsonGenerator *gen = json_generator_new();
  json_generator_set_root(gen, root);
  gsize len = 0;
  char *text = json_generator_to_data(gen, &len);
  char *line = g_realloc(text, len + 2);
  line[len] = '\n';
  line[len + 1] = '\0';
  g_object_unref(gen);
  json_node_unref(root);
  g_object_unref(b);
  return line;
}
