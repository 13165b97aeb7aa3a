/* ttir.y - the structure of MLIR/Triton IR text (lemon).
 *
 * The grammar owns what is structural: modules, aliases, operations in
 * generic form, regions, blocks, attributes, types, affine maps and sets.
 * An operation in custom form is read as its results, its name and a flat
 * sequence of elements; src/format.c then gives the elements their meaning.
 * Every action is one call into the builder in src/parse.c.
 */
%name TtxParse
%token_prefix TK_
%token_type { Token }
%extra_argument { PState *ps }
%stack_size 0
%default_type { void * }

%include {
#include <assert.h>
#include <stdlib.h>
#include "parse_impl.h"
/* in an action: the parser's code of the rule's left-hand symbol */
#define TTX_RULE_LHS ((int)yyRuleInfoLhs[yyruleno])
}

%code {
/* Performs the reductions that wait for no lookahead (the reduce half of a
 * shift-reduce, and the reduce-only gotos after it) exactly as the next
 * token's feed would before it looks at that token; returns the symbol then
 * on top of the stack. */
int TtxParseSettle(void *p) {
    yyParser *yypParser = p;
    TtxParseARG_FETCH
    while (yypParser->yytos->stateno >= YY_MIN_REDUCE)
        yy_reduce(yypParser, yypParser->yytos->stateno - YY_MIN_REDUCE, YYNOCODE, ps->last);
    return yypParser->yytos->major;
}
}

%syntax_error { ps_syntax_error(ps, &yyminor, yymajor); }
%parse_failure { ps->failed = true; }
%stack_overflow { ps->failed = true; }

%nonassoc GE LE EQEQ.
%left PLUS MINUS.
%left STAR FLOORDIV CEILDIV MOD.

%token ERROR LBRACE_DICT LBRACE_REGION RBRACE.

%type attribute { Attr * }
%type dict { Attr * }
%type dict_nonempty { Attr * }
%type type { Type * }
%type anytype { Type * }
%type functype { Type * }
%type number { Attr * }
%type aexpr { AExpr * }
%type dense_lit { Attr * }
%type resnum { int }

file ::= top_items.

top_items ::= top_items top_item.
top_items ::= .

top_item ::= ALIASDEF(N) EQUAL attribute(A).  { ps_alias_attr(ps, &N, A); }
top_item ::= TALIASDEF(N) EQUAL type(T).       { ps_alias_type(ps, &N, T); }
top_item ::= FILEMETA(M).                   { ps_file_meta(ps, &M); }
top_item ::= operation.

/* ---- operations ---------------------------------------------------- */
operation ::= op_custom.
operation ::= op_generic.

/* The element lists are left-recursive on a symbol that also holds the
 * opener (custom_elems, paren_elems, ...), so that right after the op name
 * or an opening bracket the parser sits in a state that takes the next
 * element, with no empty rule waiting for a lookahead: the reader then
 * hands single-token elements to their actions itself (parse.c). */
op_custom ::= custom_elems.                 { ps_op_end(ps); }
custom_elems ::= custom_head.               { ps->elems_sym[0] = TTX_RULE_LHS; }
custom_elems ::= custom_elems elem.
custom_head ::= results EQUAL OPNAME(N).    { ps_op_begin(ps, &N, false); }
custom_head ::= OPNAME(N).                  { ps_op_begin(ps, &N, false); }

results ::= RESDEF(R) resnum(K).                 { ps_result(ps, &R, K); }
results ::= results COMMA VALUE(R) resnum(K).    { ps_result(ps, &R, K); }
resnum(K) ::= .                   { K = 1; }
resnum(K) ::= COLON INTEGER(I).   { K = ps_int_token(ps, &I); }

op_generic ::= generic_head LPAREN gen_operands RPAREN gen_succs gen_props gen_regions gen_attrs COLON(C) functype(F) gen_loc.
    { ps_generic_end(ps, F, &C); }
generic_head ::= results EQUAL GENNAME(N).   { ps_op_begin(ps, &N, true); }
generic_head ::= GENNAME(N).                 { ps_op_begin(ps, &N, true); }

gen_operands ::= .
gen_operands ::= gen_operand_list.
gen_operand_list ::= VALUE(V).                          { ps_g_operand(ps, &V); }
gen_operand_list ::= gen_operand_list COMMA VALUE(V).   { ps_g_operand(ps, &V); }

gen_succs ::= .
gen_succs ::= LBRACKET succ_list RBRACKET.
succ_list ::= succ.
succ_list ::= succ_list COMMA succ.
succ ::= CARET(C).                                      { ps_g_succ(ps, &C); }
succ ::= succ_head succ_vals COLON succ_types RPAREN.   { ps_g_succ_end(ps); }
succ_head ::= CARET(C) LPAREN.                          { ps_g_succ(ps, &C); }
succ_vals ::= VALUE(V).                                 { ps_g_succ_operand(ps, &V); }
succ_vals ::= succ_vals COMMA VALUE(V).                 { ps_g_succ_operand(ps, &V); }
succ_types ::= type(T).                                 { ps_g_succ_type(ps, T); }
succ_types ::= succ_types COMMA type(T).                { ps_g_succ_type(ps, T); }

gen_props ::= .
gen_props ::= LT dict(D) GT.                            { ps_g_props(ps, D); }
gen_regions ::= .
gen_regions ::= LPAREN region_list RPAREN.
region_list ::= region.
region_list ::= region_list COMMA region.
gen_attrs ::= .
gen_attrs ::= dict(D).                                  { ps_g_attrs(ps, D); }
gen_loc ::= .
gen_loc ::= LOCKW(L).                                   { ps_g_loc(ps, &L); }

/* ---- custom-form elements ------------------------------------------ */
elem ::= item.
elem ::= region.
elem ::= paren_elems RPAREN(T).             { ps_e_close(ps, &T); }
elem ::= bracket_elems RBRACKET(T).         { ps_e_close(ps, &T); }
elem ::= angle_elems GT(T).                 { ps_e_close(ps, &T); }
paren_elems ::= LPAREN(T).                  { ps_e_open(ps, &T); ps->elems_sym[1] = TTX_RULE_LHS; }
paren_elems ::= paren_elems elem_in.
bracket_elems ::= LBRACKET(T).              { ps_e_open(ps, &T); ps->elems_sym[2] = TTX_RULE_LHS; }
bracket_elems ::= bracket_elems elem_in.
angle_elems ::= LT(T).                      { ps_e_open(ps, &T); ps->elems_sym[3] = TTX_RULE_LHS; }
angle_elems ::= angle_elems elem_in.

elem_in ::= elem.
elem_in ::= OPNAME(W).                      { ps_e_word(ps, &W); }
elem_in ::= RESDEF(W).                      { ps_e_use(ps, &W); }

item ::= VALUE(V).          { ps_e_use(ps, &V); }
item ::= CARET(V).          { ps_e_succ(ps, &V); }
item ::= BAREID(W).         { ps_e_word(ps, &W); }
item ::= FLOORDIV(W).       { ps_e_word(ps, &W); }
item ::= CEILDIV(W).        { ps_e_word(ps, &W); }
item ::= MOD(W).            { ps_e_word(ps, &W); }
item ::= TRUE(W).           { ps_e_lit(ps, &W); }
item ::= FALSE(W).          { ps_e_lit(ps, &W); }
item ::= INTEGER(W).        { ps_e_lit(ps, &W); }
item ::= HEXINT(W).         { ps_e_lit(ps, &W); }
item ::= FLOAT(W).          { ps_e_lit(ps, &W); }
item ::= STRING(W).         { ps_e_lit(ps, &W); }
item ::= SYMBOL(W).         { ps_e_lit(ps, &W); }
item ::= COMMA(W).          { ps_e_punct(ps, &W); }
item ::= COLON(W).          { ps_e_punct(ps, &W); }
item ::= DCOLON(W).         { ps_e_punct(ps, &W); }
item ::= EQUAL(W).          { ps_e_punct(ps, &W); }
item ::= ARROW(W).          { ps_e_punct(ps, &W); }
item ::= STAR(W).           { ps_e_punct(ps, &W); }
item ::= PLUS(W).           { ps_e_punct(ps, &W); }
item ::= MINUS(W).          { ps_e_punct(ps, &W); }
item ::= QUESTION(W).       { ps_e_punct(ps, &W); }
item ::= PIPE(W).           { ps_e_punct(ps, &W); }
item ::= ELLIPSIS(W).       { ps_e_punct(ps, &W); }
item ::= GE(W).             { ps_e_punct(ps, &W); }
item ::= LE(W).             { ps_e_punct(ps, &W); }
item ::= EQEQ(W).           { ps_e_punct(ps, &W); }
item ::= DIM(W).            { ps_e_word(ps, &W); }
item ::= LOCKW(L).          { ps_e_loc(ps, &L); }
item ::= type_start(S) type_rest(T).  { ps_e_type(ps, &S, T); }
item ::= attr_start(S) attr_rest(A).  { ps_e_attr(ps, &S, A); }
item ::= dense_start(S) dense_lit(A) GT.  { ps_e_dense(ps, &S, A); }
item ::= dict_start(S) dict_nonempty(D).  { ps_e_attr(ps, &S, D); }

/* the position of an element is that of its first token */
%type type_start { Token }
%type attr_start { Token }
%type dense_start { Token }
%type dict_start { Token }
%type type_rest { Type * }
%type attr_rest { Attr * }
type_start(S) ::= . { S = ps->last; }
attr_start(S) ::= . { S = ps->last; }
dense_start(S) ::= DENSE(D) LT. { S = D; }
dict_start(S) ::= . { S = ps->last; }
type_rest(T) ::= type(U).     { T = U; }
attr_rest(A) ::= HASHID(H).   { A = ps_alias_ref(ps, &H); }
attr_rest(A) ::= DIALECTATTR(H). { A = ps_opaque_attr(ps, &H); }
attr_rest(A) ::= OPAQUEATTR(H).  { A = ps_opaque_attr(ps, &H); }
attr_rest(A) ::= ARRAYKW LT type(T) GT.                 { A = ps_dense_array(ps, T, NULL); }
attr_rest(A) ::= darr_head(T) numlist(L) GT.            { A = ps_dense_array(ps, T, L); }
%type darr_head { Type * }
darr_head(T) ::= ARRAYKW LT type(U) COLON.              { T = U; ps->darr_type = U; }
attr_rest(A) ::= affine_map(M). { A = M; }
attr_rest(A) ::= affine_set(M). { A = M; }

/* ---- regions and blocks --------------------------------------------- */
region ::= region_open region_body RBRACE.  { ps_region_end(ps); }
region_open ::= LBRACE_REGION.              { ps_region_begin(ps); }
region_body ::= ops blocks.
ops ::= ops operation.
ops ::= .
blocks ::= blocks block.
blocks ::= .
block ::= block_label ops.
block_label ::= BLOCKLABEL(L) COLON.                        { ps_block_begin(ps, &L); }
block_label ::= block_label_head block_args RPAREN COLON.
block_label ::= block_label_head RPAREN COLON.
block_label_head ::= BLOCKLABEL(L) LPAREN.                  { ps_block_begin(ps, &L); }
block_args ::= block_arg.
block_args ::= block_args COMMA block_arg.
block_arg ::= VALUE(V) COLON anytype(T).                     { ps_block_arg(ps, &V, T, NULL); }
block_arg ::= VALUE(V) COLON anytype(T) LOCKW(L).              { ps_block_arg(ps, &V, T, &L); }

/* ---- types ---------------------------------------------------------- */
type(T) ::= TYPEKW(K).                          { T = ps_type_kw(ps, &K); }
type(T) ::= shaped_head(K) dims GT(G).          { T = ps_shaped_end(ps, &K, &G, NULL, NULL, NULL); }
type(T) ::= shaped_head(K) dims type(E) GT.     { T = ps_shaped_end(ps, &K, NULL, E, NULL, NULL); }
type(T) ::= shaped_head(K) dims type(E) COMMA attribute(A) GT.  { T = ps_shaped_end(ps, &K, NULL, E, A, NULL); }
type(T) ::= shaped_head(K) dims type(E) COMMA attribute(A) COMMA attribute(B) GT.  { T = ps_shaped_end(ps, &K, NULL, E, A, B); }
type(T) ::= COMPLEXKW LT type(E) GT.            { T = type_complex(ps->ctx, E); }
type(T) ::= TUPLEKW LT tuple_open type_list_opt GT.  { T = ps_tuple_end(ps); }
type(T) ::= TTPTR LT type(E) GT.                { T = type_ptr(ps->ctx, E, 1); }
type(T) ::= TTPTR LT type(E) COMMA INTEGER(I) GT.  { T = type_ptr(ps->ctx, E, ps_int_token(ps, &I)); }
type(T) ::= DIALECTTYPE(D).                     { T = ps_dialect_type(ps, &D); }
type(T) ::= BANGID(A).                          { T = ps_type_alias_ref(ps, &A); }

%type shaped_head { Token }
shaped_head(K) ::= SHAPED(S) LT.                { K = S; ps_dims_begin(ps); }
dims ::= dims DIM(D).                           { ps_dim(ps, &D); }
dims ::= .
tuple_open ::= .                                { ps_types_begin(ps); }

type_list_opt ::= .
type_list_opt ::= type_list.
type_list ::= anytype(T).                       { ps_types_push(ps, T); }
type_list ::= type_list COMMA anytype(T).       { ps_types_push(ps, T); }

functype(F) ::= ftype_open type_list_opt RPAREN ARROW ftype_results.  { F = ps_functype_end(ps); }
ftype_open ::= LPAREN.                          { ps_functype_begin(ps); }
ftype_results ::= type(T).                      { ps_functype_results_begin(ps); ps_types_push(ps, T); }
ftype_results ::= fres_open type_list_opt RPAREN.
fres_open ::= LPAREN.                           { ps_functype_results_begin(ps); }

anytype(T) ::= type(U).      { T = U; }
anytype(T) ::= functype(U).  { T = U; }

/* ---- attributes ----------------------------------------------------- */
attribute(A) ::= number(N).                        { A = ps_default_number(ps, N); }
attribute(A) ::= number(N) COLON type(T).          { A = ps_typed_number(ps, N, T); }
/* the shaped type's closing '>' locates a missing element type */
attribute(A) ::= TRUE.                             { A = attr_bool(ps->ctx, true); }
attribute(A) ::= FALSE.                            { A = attr_bool(ps->ctx, false); }
attribute(A) ::= STRING(S).                        { A = ps_string_attr(ps, &S); }
attribute(A) ::= STRING(S) COLON type.             { A = ps_string_attr(ps, &S); }
attribute(A) ::= symref(S).                        { A = S; }
attribute(A) ::= anytype(T).                       { A = attr_type(ps->ctx, T); }
attribute(A) ::= list_open attr_list_opt RBRACKET. { A = ps_array_end(ps); }
attribute(A) ::= dict(D).                          { A = D; }
attribute(A) ::= dense_kw(D) dense_lit(L) GT COLON(C) type(T).  { A = ps_dense(ps, L, T, &D, &C); }
attribute(A) ::= dense_kw(D) GT COLON(C) type(T).  { A = ps_dense(ps, attr_array(ps->ctx, 0, NULL), T, &D, &C); }
%type dense_kw { Token }
dense_kw(D) ::= DENSE(K) LT.  { D = K; ps_dense_begin(ps); }
attribute(A) ::= BAREID(W).                        { A = ps_bare_attr(ps, &W); }
attribute(A) ::= LOCKW(L).                         { A = ps_loc_attr(ps, &L); }
attribute(A) ::= attr_rest(R).                     { A = R; }

%type symref { Attr * }
symref(A) ::= SYMBOL(S).                           { A = ps_symref(ps, NULL, &S); }
symref(A) ::= symref(B) DCOLON SYMBOL(S).          { A = ps_symref(ps, B, &S); }

number(N) ::= INTEGER(I).          { N = ps_number(ps, &I, false); ps_num_loc(ps, &I); }
number(N) ::= MINUS(M) INTEGER(I). { N = ps_number(ps, &I, true); ps_num_loc(ps, &M); }
number(N) ::= FLOAT(I).            { N = ps_number(ps, &I, false); ps_num_loc(ps, &I); }
number(N) ::= MINUS(M) FLOAT(I).   { N = ps_number(ps, &I, true); ps_num_loc(ps, &M); }
number(N) ::= HEXINT(I).           { N = ps_number(ps, &I, false); ps_num_loc(ps, &I); }
number(N) ::= MINUS(M) HEXINT(I).  { N = ps_number(ps, &I, true); ps_num_loc(ps, &M); }

list_open ::= LBRACKET.            { ps_list_begin(ps); }
attr_list_opt ::= .
attr_list_opt ::= attr_list.
attr_list ::= attribute(A).                   { ps_list_push(ps, A); }
attr_list ::= attr_list COMMA attribute(A).   { ps_list_push(ps, A); }

dict(D) ::= dict_nonempty(E).      { D = E; }
dict(D) ::= LBRACE_REGION RBRACE.  { D = attr_dict(ps->ctx, 0, NULL); }
dict_nonempty(D) ::= dict_open dict_entries RBRACE.  { D = ps_dict_end(ps); }
dict_open ::= LBRACE_DICT.                    { ps_dict_begin(ps); }
dict_entries ::= dict_entry.
dict_entries ::= dict_entries COMMA dict_entry.
dict_entry ::= dict_key(K).                   { ps_dict_put(ps, &K, NULL); }
dict_entry ::= dict_key(K) EQUAL attribute(A). { ps_dict_put(ps, &K, A); }
%type dict_key { Token }
dict_key(K) ::= BAREID(T).   { K = T; }
dict_key(K) ::= OPNAME(T).   { K = T; }
dict_key(K) ::= STRING(T).   { K = T; }
dict_key(K) ::= TYPEKW(T).   { K = T; }

/* dense literals: an untyped tree (A_ARRAY of numbers) typed later */
dense_lit(L) ::= number(N).            { L = N; ps_dense_leaf(ps); }
dense_lit(L) ::= TRUE(T).              { L = attr_bool(ps->ctx, true); ps_num_loc(ps, &T); ps_dense_leaf(ps); }
dense_lit(L) ::= FALSE(T).             { L = attr_bool(ps->ctx, false); ps_num_loc(ps, &T); ps_dense_leaf(ps); }
dense_lit(L) ::= STRING(S).            { L = ps_string_attr(ps, &S); ps_num_loc(ps, &S); ps_dense_leaf(ps); }
dense_lit(L) ::= dlist_open dlist_opt RBRACKET.  { L = ps_array_end(ps); }
dlist_open ::= LBRACKET(B).            { ps_list_begin(ps); ps_dense_list(ps, &B); }
dlist_opt ::= .
dlist_opt ::= dlist.
dlist ::= dense_lit(L).                { ps_list_push(ps, L); }
dlist ::= dlist COMMA dense_lit(L).    { ps_list_push(ps, L); }

%type numlist { Attr * }
numlist(L) ::= numlist_open numlist_items.   { L = ps_array_end(ps); }
numlist_open ::= .                           { ps_list_begin(ps); }
numlist_items ::= num_item.
numlist_items ::= numlist_items COMMA num_item.
num_item ::= number(N).   { ps_darr_item(ps, N); }
num_item ::= TRUE(T).     { ps_num_loc(ps, &T); ps_darr_item(ps, attr_bool(ps->ctx, true)); }
num_item ::= FALSE(T).    { ps_num_loc(ps, &T); ps_darr_item(ps, attr_bool(ps->ctx, false)); }

/* ---- affine maps and integer sets ----------------------------------- */
%type affine_map { Attr * }
%type affine_set { Attr * }
affine_map(M) ::= AFFMAP LT affine_dims affine_syms ARROW LPAREN aexpr_list_opt RPAREN GT.  { M = ps_affine_map_end(ps); }
affine_set(M) ::= AFFSET LT affine_dims affine_syms COLON LPAREN constraint_list_opt RPAREN GT. { M = ps_affine_set_end(ps); }
affine_dims ::= affine_dims_open id_list_opt RPAREN.     { ps_affine_dims_end(ps); }
affine_dims_open ::= LPAREN.                               { ps_affine_begin(ps); }
affine_syms ::= .
affine_syms ::= LBRACKET id_list_opt RBRACKET.
id_list_opt ::= .
id_list_opt ::= id_list.
id_list ::= BAREID(I).                  { ps_affine_id(ps, &I); }
id_list ::= id_list COMMA BAREID(I).    { ps_affine_id(ps, &I); }
aexpr_list_opt ::= .
aexpr_list_opt ::= aexpr_list.
aexpr_list ::= aexpr(E).                       { ps_affine_push(ps, E, false); }
aexpr_list ::= aexpr_list COMMA aexpr(E).      { ps_affine_push(ps, E, false); }
constraint_list_opt ::= .
constraint_list_opt ::= constraint_list.
constraint_list ::= constraint.
constraint_list ::= constraint_list COMMA constraint.
constraint ::= aexpr(A) GE aexpr(B).    { ps_affine_push(ps, ae_sub(ps->ctx, A, B), false); }
constraint ::= aexpr(A) LE aexpr(B).    { ps_affine_push(ps, ae_sub(ps->ctx, B, A), false); }
constraint ::= aexpr(A) EQEQ aexpr(B).  { ps_affine_push(ps, ae_sub(ps->ctx, A, B), true); }

aexpr(E) ::= aexpr(A) PLUS aexpr(B).      { E = ae_add(ps->ctx, A, B); }
aexpr(E) ::= aexpr(A) MINUS aexpr(B).     { E = ae_sub(ps->ctx, A, B); }
aexpr(E) ::= aexpr(A) STAR(O) aexpr(B).      { E = ps_affine_mul(ps, A, B, &O); }
aexpr(E) ::= aexpr(A) FLOORDIV(O) aexpr(B).  { E = ps_affine_div(ps, AE_FLOORDIV, A, B, &O); }
aexpr(E) ::= aexpr(A) CEILDIV(O) aexpr(B).   { E = ps_affine_div(ps, AE_CEILDIV, A, B, &O); }
aexpr(E) ::= aexpr(A) MOD(O) aexpr(B).       { E = ps_affine_div(ps, AE_MOD, A, B, &O); }
aexpr(E) ::= MINUS aexpr(A). [STAR]       { E = ae_neg(ps->ctx, A); }
aexpr(E) ::= LPAREN aexpr(A) RPAREN.      { E = A; }
aexpr(E) ::= INTEGER(I).                  { E = ae_const(ps->ctx, ps_int_token(ps, &I)); }
aexpr(E) ::= BAREID(I).                   { E = ps_affine_name(ps, &I); }
