#include "jq-fold-button.h"

typedef struct {
  GtkWidget *button;
  gboolean folded;
} Pending;

static void pending_free(gpointer data) {
  Pending *p = data;
  g_object_unref(p->button);
  g_free(p);
}

static gboolean apply(gpointer data) {
  Pending *p = data;
  gtk_widget_set_visible(p->button, p->folded);
  return G_SOURCE_REMOVE;
}

/* Each change is applied in order, the last one winning; an idle runs
 * once the frame being laid out is drawn. */
static void on_folded(AdwFlap *flap, GParamSpec *pspec, GtkWidget *button) {
  Pending *p = g_new(Pending, 1);
  p->button = g_object_ref(button);
  p->folded = adw_flap_get_folded(flap);
  g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, apply, p, pending_free);
}

void jq_fold_button_follow(GtkWidget *button, AdwFlap *flap) {
  g_return_if_fail(GTK_IS_WIDGET(button));
  g_return_if_fail(ADW_IS_FLAP(flap));
  gtk_widget_set_visible(button, adw_flap_get_folded(flap));
  g_signal_connect_object(flap, "notify::folded", G_CALLBACK(on_folded), button,
                          0);
}
