#include "jq-game-file.h"

struct _JqGameFile {
  JqGameController *controller;
  GFile *file;
  guint game_id;       /* the game the file holds */
  int saved_moves;     /* as read or written */
  gboolean saved_over; /* the file has the result */
  gboolean moved;      /* a move was played since */
};

JqGameFile *jq_game_file_new(JqGameController *controller) {
  g_return_val_if_fail(JQ_IS_GAME_CONTROLLER(controller), NULL);
  JqGameFile *self = g_new0(JqGameFile, 1);
  self->controller = controller;
  return self;
}

void jq_game_file_free(JqGameFile *self) {
  if (self == NULL)
    return;
  g_clear_object(&self->file);
  g_free(self);
}

void jq_game_file_bind(JqGameFile *self, GFile *file) {
  g_return_if_fail(self != NULL);
  g_return_if_fail(G_IS_FILE(file));
  g_object_ref(file);
  g_clear_object(&self->file);
  self->file = file;
  self->game_id = jq_game_controller_get_game_id(self->controller);
  self->saved_moves = jq_game_controller_get_move_count(self->controller);
  self->saved_over = jq_game_controller_is_over(self->controller);
  self->moved = FALSE;
}

GFile *jq_game_file_get_file(JqGameFile *self) {
  g_return_val_if_fail(self != NULL, NULL);
  if (self->file != NULL &&
      self->game_id != jq_game_controller_get_game_id(self->controller))
    g_clear_object(&self->file);
  return self->file;
}

void jq_game_file_note_move(JqGameFile *self) {
  g_return_if_fail(self != NULL);
  self->moved = TRUE;
}

gboolean jq_game_file_is_modified(JqGameFile *self) {
  g_return_val_if_fail(self != NULL, FALSE);
  if (jq_game_file_get_file(self) == NULL)
    return FALSE;
  return self->moved ||
         self->saved_moves !=
             jq_game_controller_get_move_count(self->controller) ||
         self->saved_over != jq_game_controller_is_over(self->controller);
}

char *jq_game_file_title(JqGameFile *self) {
  g_return_val_if_fail(self != NULL, NULL);
  GFile *file = jq_game_file_get_file(self);
  if (file == NULL)
    return NULL;
  /* No I/O for a title: the name as the path has it. */
  const char *path = g_file_peek_path(file);
  char *name = path != NULL ? g_filename_display_basename(path)
                            : g_file_get_basename(file);
  char *title = jq_game_file_is_modified(self) ? g_strconcat("• ", name, NULL)
                                               : g_strdup(name);
  g_free(name);
  return title;
}
