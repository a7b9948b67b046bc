#include "jq-config.h"

#include "jq-guide-text.h"

#include <glib/gi18n.h>

/* All in the "guide" context, so that a heading such as "The Start"
 * translates apart from the same words elsewhere in the app. */
#define SECTION(s) \
  { JQ_GUIDE_SECTION, s }
#define TOPIC(s) \
  { JQ_GUIDE_TOPIC, s }
#define PARA(s) \
  { JQ_GUIDE_PARAGRAPH, s }

static const JqGuideBlock blocks[] = {
    SECTION(NC_("guide", "Xiangqi in Brief")),
    PARA(NC_("guide",
             "Xiangqi, Chinese chess, is played on the points where the "
             "lines cross, nine files by ten ranks. The river across the "
             "middle divides the two sides’ halves, and each side has a "
             "palace: the nine points marked with a cross in the middle of "
             "its back ranks. Red moves first; then the players take turns, "
             "moving one piece a turn.")),
    /* TRANSLATORS: the pieces' paragraphs each begin with the piece's
     * name in <b></b>; keep the markup. The characters in brackets are
     * those the board shows (simplified unless the user picks
     * traditional ones). */
    PARA(NC_("guide", "<b>King</b> (帅 for Red, 将 for Black): one point "
                      "along a line at a time, and never out of its palace.")),
    PARA(NC_("guide", "<b>Advisor</b> (仕 for Red, 士 for Black): one point "
                      "diagonally. In xiangqi it stays in its palace.")),
    PARA(NC_("guide", "<b>Elephant</b> (相 for Red, 象 for Black): exactly two "
                      "points diagonally, and not when the point in between is "
                      "taken. In xiangqi it never crosses the river.")),
    PARA(NC_("guide",
             "<b>Horse</b> (马): one point along a line, then one "
             "diagonally outwards. It cannot set off towards a point that is "
             "taken: its leg is hobbled.")),
    PARA(NC_("guide", "<b>Chariot</b> (车): any number of points along a "
                      "line, without jumping, like a rook in chess.")),
    PARA(NC_("guide",
             "<b>Cannon</b> (炮): moves like a chariot, but captures only "
             "by jumping over exactly one piece of either side, its screen, "
             "onto the opponent’s piece beyond it.")),
    PARA(NC_("guide",
             "<b>Soldier</b>, or pawn (兵 for Red, 卒 for Black): one point "
             "forwards; once across the river it may also step sideways. It "
             "never moves back.")),
    PARA(NC_("guide",
             "A piece captures by moving onto a point an opponent’s piece "
             "stands on. A king that is attacked is in check. No move may "
             "leave your own king in check, and the two kings may never face "
             "each other on a file with no piece between them.")),
    PARA(NC_("guide",
             /* TRANSLATORS: "Characters" is the row of Preferences
              * ("_Characters" without its mnemonic). */
             "In Preferences, <i>Characters</i> switches the pieces to "
             "traditional characters: 帥 仕 相 傌 俥 炮 兵 for Red, 將 士 象 "
             "馬 車 砲 卒 for Black.")),

    SECTION(NC_("guide", "Jieqi for Newcomers")),
    PARA(NC_("guide",
             "Jieqi uses the xiangqi board and the xiangqi pieces, and most "
             "of the xiangqi rules; if you know xiangqi you know nearly "
             "everything. What changes is that you do not know what your "
             "pieces are.")),
    TOPIC(NC_("guide", "The Start")),
    PARA(NC_("guide",
             "Only the two kings stand face up. Each side’s other fifteen "
             "pieces (two chariots, two horses, two elephants, two advisors, "
             "two cannons, five soldiers) are shuffled and set face down, "
             "one on each of that side’s usual starting points. The board "
             "shows a face-down piece by its patterned back, with a rim in "
             "its side’s colour.")),
    TOPIC(NC_("guide", "Moving a Face-Down Piece")),
    PARA(NC_("guide",
             "A face-down piece moves as the piece that belongs on its point "
             "in the ordinary xiangqi set-up: the one in a corner moves as a "
             "chariot, the one on a cannon’s point as a cannon (and captures "
             "by jumping a screen), the one on a soldier’s point one step "
             "forwards, and so on. It can capture like that piece, and like "
             "that piece it can give check.")),
    PARA(NC_("guide",
             "It keeps that piece’s limits too: the one on a horse’s point "
             "can have its leg hobbled, the one on an elephant’s point its "
             "way blocked, and the one on an advisor’s point can only step "
             "to the centre of the palace. Face-down pieces block, screen "
             "for cannons and are captured like any other piece.")),
    TOPIC(NC_("guide", "The Reveal")),
    PARA(NC_("guide",
             "The moment a face-down piece moves it is turned face up, and "
             "from then on it is whatever it really is, wherever it landed. "
             "A piece that set off as a chariot may turn out to be a soldier "
             "in the middle of the board, or an elephant on the far side of "
             "the river. A turned piece never goes face down again.")),
    PARA(NC_("guide",
             "Revealed advisors and elephants are not tied to their own "
             "half: they keep their way of moving but may leave the palace "
             "and cross the river. A revealed soldier moves forwards, and "
             "sideways once across the river, wherever it turned up; even "
             "one revealed on its own back rank walks forwards from there. "
             "The king alone stays in its palace.")),
    TOPIC(NC_("guide", "What Both Players Know")),
    PARA(NC_("guide",
             /* TRANSLATORS: "Not yet seen" is the side panel's heading
              * ("Not yet seen: %d pieces") without its count. */
             "Nobody knows what a face-down piece is, not its owner either. "
             "Both players see which pieces are still face down, and both "
             "can count which pieces have not been seen yet: the full set "
             "minus the pieces already turned over. The side panel keeps "
             "that count for each side, under <i>Not yet seen</i>, so a "
             "reveal is a draw from a known bag, not a complete surprise. "
             "The computer plays by the same knowledge: it does not peek.")),
    TOPIC(NC_("guide", "Capturing a Face-Down Piece")),
    PARA(NC_("guide",
             /* TRANSLATORS: "Captured Face-Down Pieces" is the row of
              * Preferences ("Captured _Face-Down Pieces" without its
              * mnemonic); "Capturer", "Nobody" and "Both Sides" are its
              * choices. */
             "A face-down piece can be captured like any other; it leaves "
             "the board without being turned over for all to see. Who learns "
             "what it was is a house rule, chosen in Preferences under "
             "<i>Captured Face-Down Pieces</i>: the capturer (the default, as "
             "a player who picks it up would see it), nobody, or both "
             "sides.")),
    PARA(NC_("guide",
             "The app shows you only what the rule lets you know: a captured "
             "piece you may not know stays unknown in the side panel, and "
             "whatever it was still counts among the pieces you have not "
             "seen.")),
    TOPIC(NC_("guide", "The End of the Game")),
    PARA(NC_("guide",
             "As in xiangqi: checkmate wins; a player who has no legal move "
             "loses (stalemate is a loss, not a draw); the two kings may "
             "never face each other on an open file. When a position comes "
             "back for the third time, the side that has been checking again "
             "and again (perpetual check) loses, or else the side that has "
             "been chasing an unprotected piece again and again (perpetual "
             "chase); if neither or both did, it is a draw.")),
    PARA(NC_("guide",
             "A game also ends in a draw under the natural limit: in jieqi, "
             "after 80 moves in a row, 40 by each side, with no capture; a "
             "reveal does not restart the count. In xiangqi the limit is "
             "120 moves, and a game is also drawn when neither side has a "
             "piece left that can cross the river.")),
};

const JqGuideBlock *jq_guide_blocks(gsize *n) {
  g_return_val_if_fail(n != NULL, NULL);
  *n = G_N_ELEMENTS(blocks);
  return blocks;
}

const char *jq_guide_block_text(const JqGuideBlock *block) {
  g_return_val_if_fail(block != NULL, NULL);
  return g_dpgettext2(GETTEXT_PACKAGE, "guide", block->text);
}
