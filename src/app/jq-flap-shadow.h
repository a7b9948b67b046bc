/* The side panel's AdwFlap casts a shadow and dims the board only while
 * it is folded (over the board). libadwaita 1.2 sets the CSS classes of
 * the four widgets that draw these (dimming, shadow, border, outline) on
 * every allocation of the flap, folded or not, and GTK 4.8 restyles the
 * window for it in the next frame: a second frame with a layout phase
 * after every move, each one asking the X server for the window's place,
 * monitor and work area (issue 17). Hidden while the flap is unfolded,
 * they draw nothing either way, and their classes restyle nothing. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Keeps `flap`'s shadow widgets hidden while it is unfolded, from now on. */
void jq_flap_shadow_follow(AdwFlap *flap);

G_END_DECLS
