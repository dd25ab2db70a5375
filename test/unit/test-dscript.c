/* SPDX-License-Identifier: MIT */
/*
 * test-dscript.c — unit tests of the D program grammar (dlang/script.c,
 * dlang/script-expr.c): d_parse_script_string / d_parse_script_file and the
 * struct d_script tree (dlang/ast.h).
 *
 * Trees are printed in a compact S-expression form (show() below) and
 * compared as strings:
 *   expressions  1  7u  97c  "str"  name  $1  self->x  this->x
 *                (index NAME k...)  (index EXPR k...)  @a  (@a k...)
 *                (call NAME a...)  (OP a [b])  (neg a) (pos a) (deref a)
 *                (addr a)  (? a b c)  (= a b)  (+= a b)  (pre++ a)
 *                (post-- a)  (cast <type> a)  (sizeof <type>)  (sizeof a)
 *                (stringof a)  (-> a m)  (. a m)
 *   statements   EXPR;  ;  {s s}  (if c s [s])
 *   clause       desc,desc /pred/ {body}
 *   decls        inline <type> NAME = expr | global|self|this <type> NAME |
 *                option NAME[=VALUE]
 * One line per decl, then one per clause, joined with " | ".
 *
 * stderr is captured around each parse so that messages can be compared
 * exactly.  Runs under ASan/LSan in CI: every path frees what it parsed.
 */
#include "dlang/ast.h"
#include "dlang/parser.h"
#include "common/xalloc.h"
#include "test/unit/unit.h"

#define err_text unit_err_text
#define cap_begin unit_capture_begin
#define cap_end unit_capture_end

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char tmpdir[4096];

/* ------------------------------------------------------------------ */
/* stderr capture.                                                      */


/* ------------------------------------------------------------------ */
/* Printing trees.                                                      */

struct sb {
  char *s;
  size_t n, cap;
};

static void sb_printf (struct sb *b, const char *fmt, ...) __attribute__ ((format (printf, 2, 3)));

static void
sb_printf (struct sb *b, const char *fmt, ...)
{
  va_list ap;
  int n;

  va_start (ap, fmt);
  n = vsnprintf (NULL, 0, fmt, ap);
  va_end (ap);
  if (b->n + (size_t) n + 1 > b->cap)
    {
      b->cap = (b->n + (size_t) n + 1) * 2;
      b->s = xrealloc (b->s, b->cap);
    }
  va_start (ap, fmt);
  vsnprintf (b->s + b->n, (size_t) n + 1, fmt, ap);
  va_end (ap);
  b->n += (size_t) n;
}

static const char *
op_name (enum d_op op)
{
  switch (op)
    {
    case DOP_ADD: return "+";
    case DOP_SUB: return "-";
    case DOP_MUL: return "*";
    case DOP_DIV: return "/";
    case DOP_MOD: return "%";
    case DOP_SHL: return "<<";
    case DOP_SHR: return ">>";
    case DOP_BITAND: return "&";
    case DOP_BITOR: return "|";
    case DOP_BITXOR: return "^";
    case DOP_LAND: return "&&";
    case DOP_LOR: return "||";
    case DOP_LXOR: return "^^";
    case DOP_EQ: return "==";
    case DOP_NE: return "!=";
    case DOP_LT: return "<";
    case DOP_LE: return "<=";
    case DOP_GT: return ">";
    case DOP_GE: return ">=";
    case DOP_NEG: return "neg";
    case DOP_PLUS: return "pos";
    case DOP_NOT: return "!";
    case DOP_BITNOT: return "~";
    case DOP_DEREF: return "deref";
    case DOP_ADDROF: return "addr";
    case DOP_ASSIGN: return "";
    case DOP_PREINC: return "pre++";
    case DOP_PREDEC: return "pre--";
    case DOP_POSTINC: return "post++";
    case DOP_POSTDEC: return "post--";
    case DOP_DOT: return ".";
    case DOP_ARROW: return "->";
    default: return "?op";
    }
}

static void show_node (struct sb *b, const struct d_node *n);

static void
show_args (struct sb *b, const struct d_node *n)
{
  size_t i;

  for (i = 0; i < n->nargs; i++)
    {
      sb_printf (b, " ");
      show_node (b, n->args[i]);
    }
}

static void
show_string (struct sb *b, const char *s, size_t len)
{
  size_t i;

  sb_printf (b, "\"");
  for (i = 0; i < len; i++)
    {
      unsigned char c = (unsigned char) s[i];
      if (c == '"' || c == '\\')
        sb_printf (b, "\\%c", c);
      else if (c == '\n')
        sb_printf (b, "\\n");
      else if (c == '\t')
        sb_printf (b, "\\t");
      else if (c < 32 || c >= 127)
        sb_printf (b, "\\x%02x", c);
      else
        sb_printf (b, "%c", c);
    }
  sb_printf (b, "\"");
}

static void
show_node (struct sb *b, const struct d_node *n)
{
  size_t i;

  if (!n)
    {
      sb_printf (b, "NULL");
      return;
    }
  switch (n->kind)
    {
    case DN_INT:
      sb_printf (b, "%lld%s", (long long) n->ival, n->int_suffix);
      break;
    case DN_STRING:
      show_string (b, n->sval, n->slen);
      break;
    case DN_IDENT:
    case DN_MACRO:
      sb_printf (b, "%s", n->sval);
      break;
    case DN_SELF:
      sb_printf (b, "self->%s", n->sval);
      break;
    case DN_THIS:
      sb_printf (b, "this->%s", n->sval);
      break;
    case DN_INDEX:
      sb_printf (b, "(index ");
      if (n->sval)
        sb_printf (b, "%s", n->sval);
      else
        show_node (b, n->a);
      show_args (b, n);
      sb_printf (b, ")");
      break;
    case DN_AGG:
      if (n->nargs)
        {
          sb_printf (b, "(@%s", n->sval);
          show_args (b, n);
          sb_printf (b, ")");
        }
      else
        sb_printf (b, "@%s", n->sval);
      break;
    case DN_CALL:
      sb_printf (b, "(call %s", n->sval);
      show_args (b, n);
      sb_printf (b, ")");
      break;
    case DN_UNARY:
    case DN_INCDEC:
      sb_printf (b, "(%s ", op_name (n->op));
      show_node (b, n->a);
      sb_printf (b, ")");
      break;
    case DN_BINARY:
    case DN_ASSIGN:
      sb_printf (b, "(%s%s ", op_name (n->op), n->kind == DN_ASSIGN ? "=" : "");
      show_node (b, n->a);
      sb_printf (b, " ");
      show_node (b, n->b);
      sb_printf (b, ")");
      break;
    case DN_TERNARY:
      sb_printf (b, "(? ");
      show_node (b, n->a);
      sb_printf (b, " ");
      show_node (b, n->b);
      sb_printf (b, " ");
      show_node (b, n->c);
      sb_printf (b, ")");
      break;
    case DN_CAST:
      sb_printf (b, "(cast <%s> ", n->cast ? n->cast->text : "NULL");
      show_node (b, n->a);
      sb_printf (b, ")");
      break;
    case DN_OFFSETOF:
      sb_printf (b, "(offsetof <%s> %s)", n->cast->text, n->sval);
      break;
    case DN_SIZEOF:
      if (n->cast)
        sb_printf (b, "(sizeof <%s>)", n->cast->text);
      else
        {
          sb_printf (b, "(sizeof ");
          show_node (b, n->a);
          sb_printf (b, ")");
        }
      break;
    case DN_STRINGOF:
      sb_printf (b, "(stringof ");
      show_node (b, n->a);
      sb_printf (b, ")");
      break;
    case DN_XLATE:
      sb_printf (b, "(xlate <%s> ", n->cast->text);
      show_node (b, n->a);
      sb_printf (b, ")");
      break;
    case DN_MEMBER:
      sb_printf (b, "(%s ", op_name (n->op));
      show_node (b, n->a);
      sb_printf (b, " %s)", n->sval);
      break;
    case DN_EXPR_STMT:
      show_node (b, n->a);
      sb_printf (b, ";");
      break;
    case DN_EMPTY:
      sb_printf (b, ";");
      break;
    case DN_BLOCK:
      sb_printf (b, "{");
      for (i = 0; i < n->nargs; i++)
        {
          if (i)
            sb_printf (b, " ");
          show_node (b, n->args[i]);
        }
      sb_printf (b, "}");
      break;
    case DN_IF:
      sb_printf (b, "(if ");
      show_node (b, n->a);
      sb_printf (b, " ");
      show_node (b, n->b);
      if (n->c)
        {
          sb_printf (b, " ");
          show_node (b, n->c);
        }
      sb_printf (b, ")");
      break;
    }
}

/* A struct/union/enum body: "struct T { <int> a; <int> b : 3; }" */
static void
show_def (struct sb *b, const struct d_decl *d)
{
  if (!d)
    return;
  sb_printf (b, "%s%s%s {", d->kind == DD_STRUCT ? "struct" : d->kind == DD_UNION ? "union" : "enum",
             d->name ? " " : "", d->name ? d->name : "");
  for (size_t i = 0; i < d->nmembers; i++)
    {
      const struct d_decl *m = &d->members[i];
      if (m->kind == DD_ENUMERATOR)
        {
          sb_printf (b, " %s", m->name);
          if (m->init)
            {
              sb_printf (b, "=");
              show_node (b, m->init);
            }
          sb_printf (b, ";");
          continue;
        }
      sb_printf (b, " <%s> %s", m->type->text, m->name ? m->name : "-");
      if (m->bits)
        {
          sb_printf (b, " : ");
          show_node (b, m->bits);
        }
      if (m->def)
        {
          sb_printf (b, " = ");
          show_def (b, m->def);
        }
      sb_printf (b, ";");
    }
  sb_printf (b, " }");
}

static char *
show_script (const struct d_script *s)
{
  struct sb b = { 0 };
  size_t i, j;

  sb_printf (&b, "%s", "");
  for (i = 0; i < s->ndecls; i++)
    {
      const struct d_decl *d = &s->decls[i];

      if (b.n)
        sb_printf (&b, " | ");
      switch (d->kind)
        {
        case DD_OPTION:
          sb_printf (&b, "option %s%s%s", d->name, d->value ? "=" : "", d->value ? d->value : "");
          break;
        case DD_INLINE:
          sb_printf (&b, "inline <%s> %s = ", d->type->text, d->name);
          show_node (&b, d->init);
          break;
        case DD_TYPEDEF:
          sb_printf (&b, "typedef <%s> %s%s", d->type->text, d->name, d->def ? " " : "");
          show_def (&b, d->def);
          break;
        case DD_STRUCT:
        case DD_UNION:
        case DD_ENUM:
          show_def (&b, d);
          break;
        case DD_TRANSLATOR:
          sb_printf (&b, "translator <%s> < <%s> %s > {", d->type->text, d->in_type->text, d->value);
          for (j = 0; j < d->nmembers; j++)
            {
              sb_printf (&b, " %s = ", d->members[j].name);
              show_node (&b, d->members[j].init);
              sb_printf (&b, ";");
            }
          sb_printf (&b, " }");
          break;
        default:
          sb_printf (&b, "%s <%s> %s",
                     d->kind == DD_GLOBAL ? "global" : d->kind == DD_SELF ? "self" : "this",
                     d->type->text, d->name);
          if (d->def)
            sb_printf (&b, " ");
          show_def (&b, d->def);
          break;
        }
    }
  for (i = 0; i < s->nclauses; i++)
    {
      const struct d_clause_ast *cl = &s->clauses[i];

      if (b.n)
        sb_printf (&b, " | ");
      for (j = 0; j < cl->ndescs; j++)
        sb_printf (&b, "%s%s", j ? "," : "", cl->descs[j].text);
      if (cl->predicate)
        {
          sb_printf (&b, " /");
          show_node (&b, cl->predicate);
          sb_printf (&b, "/");
        }
      sb_printf (&b, " ");
      show_node (&b, cl->body);
    }
  return b.s;
}

/* ------------------------------------------------------------------ */
/* Parsing helpers.                                                     */

static int script_is_empty (const struct d_script *s)
{
  return s->nclauses == 0 && s->clauses == NULL && s->ndecls == 0 && s->decls == NULL;
}

/* Parse SRC as -n text; the tree, or "ERROR <message>" (malloc'd). */
static char *
show (const char *src)
{
  struct d_program p;
  struct d_script s;
  unsigned before = diag_error_count ();
  char *r;
  int rc;

  memset (&p, 0, sizeof p);
  cap_begin ();
  rc = d_parse_script_string ("<n>", src, "E", &p, &s);
  cap_end ();
  if (rc == 0)
    {
      r = show_script (&s);
      d_script_free (&s);
    }
  else
    {
      r = xasprintf ("ERROR %s%s%s", err_text,
                     diag_error_count () == before + 1 ? "" : " (NOT ONE MESSAGE)",
                     script_is_empty (&s) ? "" : " (OUT NOT EMPTY)");
    }
  d_program_free (&p);
  return r;
}

#define SHOW(src, want, ...) do {               \
    char *got_ = show (src);                    \
    UNIT_STREQ (got_, want, __VA_ARGS__);       \
    free (got_);                                \
  } while (0)

/* One expression statement in a BEGIN clause: the expression alone. */
static char *
show_expr (const char *e)
{
  char *src = xasprintf ("BEGIN { %s; }", e), *t = show (src), *r;
  size_t n = strlen (t);

  free (src);
  if (strncmp (t, "BEGIN {", 7) == 0 && n > 9 && strcmp (t + n - 2, ";}") == 0)
    r = xstrndup (t + 7, n - 9);
  else
    r = xstrdup (t);
  free (t);
  return r;
}

#define EXPR(src, want) do {                          \
    char *got_ = show_expr (src);                     \
    UNIT_STREQ (got_, want, "expr: %s", src);         \
    free (got_);                                      \
  } while (0)

/* Parse SRC as -n text with the default error prefix; the one message. */
static char *
error_of (const char *src)
{
  struct d_program p;
  struct d_script s;
  unsigned before = diag_error_count ();
  int rc;
  char *r;

  memset (&p, 0, sizeof p);
  cap_begin ();
  rc = d_parse_script_string ("<n>", src, NULL, &p, &s);
  cap_end ();
  if (rc == 0)
    {
      d_script_free (&s);
      r = xstrdup ("(parsed)");
    }
  else
    r = xasprintf ("%s%s%s", err_text,
                   diag_error_count () == before + 1 ? "" : " (NOT ONE MESSAGE)",
                   script_is_empty (&s) ? "" : " (OUT NOT EMPTY)");
  d_program_free (&p);
  return r;
}

/* SRC on one line ("\n" for newlines), for check descriptions (malloc'd). */
static char *
oneline (const char *src)
{
  struct sb b = { 0 };

  sb_printf (&b, "%s", "");
  for (; *src; src++)
    if (*src == '\n')
      sb_printf (&b, "\\n");
    else
      sb_printf (&b, "%c", *src);
  return b.s;
}

#define ERR(src, want) do {                                   \
    char *got_ = error_of (src), *desc_ = oneline (src);      \
    UNIT_STREQ (got_, want, "error: %s", desc_);              \
    free (got_);                                              \
    free (desc_);                                             \
  } while (0)

static char *
write_tmp (const char *name, const char *text)
{
  char *path = xasprintf ("%s/%s", tmpdir, name);
  FILE *f = fopen (path, "w");

  if (f)
    {
      fputs (text, f);
      fclose (f);
    }
  return path;
}

/* ------------------------------------------------------------------ */
/* Expressions.                                                         */

static void
test_precedence (void)
{
  EXPR ("1 + 2 * 3", "(+ 1 (* 2 3))");
  EXPR ("`jiffies + vmlinux`max_threads", "(+ `jiffies vmlinux`max_threads)");
  EXPR ("&`init_task.pid", "(addr (. `init_task pid))");
  EXPR ("(1 + 2) * 3", "(* (+ 1 2) 3)");
  EXPR ("a - b - c", "(- (- a b) c)");
  EXPR ("a / b % c * d", "(* (% (/ a b) c) d)");
  EXPR ("a + b % c", "(+ a (% b c))");
  EXPR ("a << b + c", "(<< a (+ b c))");
  EXPR ("a >> b - c", "(>> a (- b c))");
  EXPR ("a < b << c", "(< a (<< b c))");
  EXPR ("a <= b", "(<= a b)");
  EXPR ("a > b", "(> a b)");
  EXPR ("a >= b", "(>= a b)");
  EXPR ("a == b < c", "(== a (< b c))");
  EXPR ("a != b == c", "(== (!= a b) c)");
  EXPR ("a & b == c", "(& a (== b c))");
  EXPR ("a ^ b & c", "(^ a (& b c))");
  EXPR ("a | b ^ c", "(| a (^ b c))");
  EXPR ("a && b | c", "(&& a (| b c))");
  EXPR ("a ^^ b && c", "(^^ a (&& b c))");
  EXPR ("a || b ^^ c", "(|| a (^^ b c))");
  EXPR ("a && b || c && d", "(|| (&& a b) (&& c d))");
  EXPR ("a || b || c", "(|| (|| a b) c)");
  EXPR ("a ? b : c", "(? a b c)");
  EXPR ("a ? b : c ? d : e", "(? a b (? c d e))");
  EXPR ("a || b ? c + 1 : d", "(? (|| a b) (+ c 1) d)");
  EXPR ("x = a ? b : c", "(= x (? a b c))");
  EXPR ("a = b = c", "(= a (= b c))");
  EXPR ("a += b -= 2", "(+= a (-= b 2))");
  EXPR ("a -= 1", "(-= a 1)");
  EXPR ("a *= 1", "(*= a 1)");
  EXPR ("a /= 1", "(/= a 1)");
  EXPR ("a %= 1", "(%= a 1)");
  EXPR ("a &= 1", "(&= a 1)");
  EXPR ("a |= 1", "(|= a 1)");
  EXPR ("a ^= 1", "(^= a 1)");
  EXPR ("a <<= 1", "(<<= a 1)");
  EXPR ("a >>= 1", "(>>= a 1)");
  EXPR ("x = y + 1 << 2", "(= x (<< (+ y 1) 2))");
}

static void
test_unary_postfix (void)
{
  EXPR ("-a", "(neg a)");
  EXPR ("+a", "(pos a)");
  EXPR ("!a", "(! a)");
  EXPR ("~a", "(~ a)");
  EXPR ("*p", "(deref p)");
  EXPR ("&x", "(addr x)");
  EXPR ("- -a", "(neg (neg a))");
  EXPR ("!!a", "(! (! a))");
  EXPR ("-a * b", "(* (neg a) b)");
  EXPR ("a - -b", "(- a (neg b))");
  EXPR ("++a", "(pre++ a)");
  EXPR ("--a", "(pre-- a)");
  EXPR ("a++", "(post++ a)");
  EXPR ("a--", "(post-- a)");
  EXPR ("self->depth++", "(post++ self->depth)");
  EXPR ("*p++", "(deref (post++ p))");
  EXPR ("a[1]", "(index a 1)");
  EXPR ("a[1, \"x\", b]", "(index a 1 \"x\" b)");
  EXPR ("args[0]", "(index args 0)");
  EXPR ("self->ts[tid]", "(index self->ts tid)");
  EXPR ("self->ts[tid] = timestamp", "(= (index self->ts tid) timestamp)");
  EXPR ("this->buf[1]", "(index this->buf 1)");
  EXPR ("this->x = 1", "(= this->x 1)");
  EXPR ("p->a.b", "(. (-> p a) b)");
  EXPR ("curpsinfo->pr_psargs", "(-> curpsinfo pr_psargs)");
  EXPR ("self->x->y", "(-> self->x y)");
  EXPR ("p->arr[2]", "(index (-> p arr) 2)");
  EXPR ("f()", "(call f)");
  EXPR ("f(1, 2)", "(call f 1 2)");
  EXPR ("strjoin(a, strjoin(b, \"c\"))", "(call strjoin a (call strjoin b \"c\"))");
  EXPR ("basename(copyinstr(arg0))", "(call basename (call copyinstr arg0))");
  EXPR ("a[b[1]]", "(index a (index b 1))");
  EXPR ("stringof arg0", "(stringof arg0)");
  EXPR ("stringof(x) == \"a\"", "(== (stringof x) \"a\")");
  EXPR ("sizeof (int)", "(sizeof <int>)");
  EXPR ("sizeof(struct foo)", "(sizeof <struct foo>)");
  EXPR ("sizeof (char *)", "(sizeof <char *>)");
  EXPR ("sizeof x", "(sizeof x)");
  EXPR ("sizeof (x) + 1", "(+ (sizeof x) 1)");
  EXPR ("sizeof x + 1", "(+ (sizeof x) 1)");
}

static void
test_casts (void)
{
  EXPR ("(int)x", "(cast <int> x)");
  EXPR ("(int) arg0 < 0", "(< (cast <int> arg0) 0)");
  EXPR ("(unsigned long long)arg0", "(cast <unsigned long long> arg0)");
  EXPR ("(unsigned)x", "(cast <unsigned> x)");
  EXPR ("(char *)arg0", "(cast <char *> arg0)");
  EXPR ("(char **)p", "(cast <char **> p)");
  EXPR ("(const char *)p", "(cast <const char *> p)");
  EXPR ("(string)arg0", "(cast <string> arg0)");
  EXPR ("(uint64_t)x", "(cast <uint64_t> x)");
  EXPR ("(size_t)-1", "(cast <size_t> (neg 1))");
  EXPR ("(struct foo *)p", "(cast <struct foo *> p)");
  EXPR ("(union u *)p", "(cast <union u *> p)");
  EXPR ("(enum e)1", "(cast <enum e> 1)");
  EXPR ("(long)(x + 1)", "(cast <long> (+ x 1))");
  EXPR ("(int)(char)x", "(cast <int> (cast <char> x))");
  EXPR ("-(int)x", "(neg (cast <int> x))");
  EXPR ("(int)x * 2", "(* (cast <int> x) 2)");
  EXPR ("*(int *)p", "(deref (cast <int *> p))");
  EXPR ("((struct s *)p)->m", "(-> (cast <struct s *> p) m)");
  /* Parenthesised expressions, not casts. */
  EXPR ("(x) + 1", "(+ x 1)");
  EXPR ("(a)*b", "(* a b)");
  EXPR ("(a) - 1", "(- a 1)");
  EXPR ("(timestamp - self->ts) / 1000", "(/ (- timestamp self->ts) 1000)");
  EXPR ("(x)", "x");
  EXPR ("((a))", "a");
}

static void
test_primaries (void)
{
  struct d_program p;
  struct d_script s;

  EXPR ("0", "0");
  EXPR ("42", "42");
  EXPR ("0x1F", "31");
  EXPR ("0X10", "16");
  EXPR ("017", "15");
  EXPR ("10u", "10u");
  EXPR ("10UL", "10ul");
  EXPR ("10l", "10l");
  EXPR ("5ll", "5ll");
  EXPR ("5ull", "5ull");
  EXPR ("0xffffffffffffffff", "-1");
  EXPR ("'a'", "97c");
  EXPR ("'\\n'", "10c");
  EXPR ("$1", "$1");
  EXPR ("$target", "$target");
  EXPR ("$$1", "$$1");
  EXPR ("$pid", "$pid");
  EXPR ("\"a\" \"b\"", "\"ab\"");
  EXPR ("\"x\\ty\\n\"", "\"x\\ty\\n\"");
  EXPR ("\"\\033[H\\033[2J\"", "\"\\x1b[H\\x1b[2J\"");
  EXPR ("\"\"", "\"\"");
  EXPR ("\"%*s\"", "\"%*s\"");
  EXPR ("@ = count()", "(= @ (call count))");
  EXPR ("@[execname] = count()", "(= (@ execname) (call count))");
  EXPR ("@a[pid, execname] = sum(arg0)", "(= (@a pid execname) (call sum arg0))");
  EXPR ("@lat = quantize(timestamp - self->ts)", "(= @lat (call quantize (- timestamp self->ts)))");
  EXPR ("printa(\"%s %@d\\n\", @a)", "(call printa \"%s %@d\\n\" @a)");
  EXPR ("trunc(@, 10)", "(call trunc @ 10)");
  EXPR ("OPT ? printf(\"x\") : 1", "(? OPT (call printf \"x\") 1)");
  EXPR ("OPT_counts ? @Counts[probefunc] = count() : 1",
        "(? OPT_counts (= (@Counts probefunc) (call count)) 1)");
  EXPR ("a ? b = 1 : 2", "(? a (= b 1) 2)");

  memset (&p, 0, sizeof p);
  cap_begin ();
  UNIT_INTEQ (d_parse_script_string ("<n>", "BEGIN { x = \"a\\0b\" \"c\"; }", "E", &p, &s), 0,
              "string with NUL parses");
  cap_end ();
  if (s.nclauses == 1)
    {
      const struct d_node *str = s.clauses[0].body->args[0]->a->b;
      UNIT_CHECK (str->kind == DN_STRING && str->slen == 4 && memcmp (str->sval, "a\0bc", 5) == 0,
                  "string: decoded bytes and slen across concatenation");
    }
  d_script_free (&s);
  d_program_free (&p);
}

/* ------------------------------------------------------------------ */
/* Statements, clauses, descriptions.                                   */

static void
test_statements (void)
{
  SHOW ("BEGIN { }", "BEGIN {}", "empty body");
  SHOW ("BEGIN{}", "BEGIN {}", "empty body, no blanks");
  SHOW ("BEGIN { exit(0) }", "BEGIN {(call exit 0);}", "last ';' omitted");
  SHOW ("BEGIN { x = 1; y = 2 }", "BEGIN {(= x 1); (= y 2);}", "last ';' omitted after others");
  SHOW ("BEGIN { ; }", "BEGIN {;}", "empty statement");
  SHOW ("BEGIN { x = 1;; }", "BEGIN {(= x 1); ;}", "double ';'");
  SHOW ("BEGIN { if (x) y = 1; else { z = 2; } }",
        "BEGIN {(if x (= y 1); {(= z 2);})}", "if/else");
  SHOW ("BEGIN { if (x) { y = 1 } }", "BEGIN {(if x {(= y 1);})}", "if with block, last ';' omitted");
  SHOW ("BEGIN { if (a) if (b) x = 1; else x = 2; }",
        "BEGIN {(if a (if b (= x 1); (= x 2);))}", "dangling else binds to the inner if");
  SHOW ("BEGIN { if (a) { } else if (b) { x = 1; } else { x = 2; } }",
        "BEGIN {(if a {} (if b {(= x 1);} {(= x 2);}))}", "else if chain");
  SHOW ("BEGIN { { x = 1; { y = 2; } } }", "BEGIN {{(= x 1); {(= y 2);}}}", "nested blocks");
  SHOW ("BEGIN { if (x) exit(0) }", "BEGIN {(if x (call exit 0);)}", "if body without ';' before '}'");
  SHOW ("BEGIN { x = 1; } END { y = 2; }", "BEGIN {(= x 1);} | END {(= y 2);}", "two clauses on one line");
}

static void
test_descriptions (void)
{
  static const char *const descs[] = {
    "BEGIN", "END", "ERROR", "dtrace:::BEGIN", "syscall::read:entry", "pid$target:a.out:main:entry",
    "memcached*:::command-get", "profile-97", "tick-1sec", "python$target:::function-entry",
    "ruby*:::method-entry", "syscall::open*:entry", "pid$target::malloc:entry",
    "pid1234:libc.so.6:free:return", "pid$target:a.out::4f", "syscall::[rw]*:entry",
    "syscall::?read:entry", "pid$1:libc:*alloc:return", "profile:::profile-$1",
    "syscall:::", ":::BEGIN", "*:::entry", "hotspot$target:libjvm.so:_ZN:method-entry",
    "pid$target:a.out:main:+4", "fbt:mod`sym::entry", "syscall::[!w]*:entry",
  };
  size_t i;

  for (i = 0; i < sizeof descs / sizeof descs[0]; i++)
    {
      char *src, *want;

      src = xasprintf ("%s { }", descs[i]);
      want = xasprintf ("%s {}", descs[i]);
      SHOW (src, want, "description %s", descs[i]);
      free (src);
      src = xasprintf ("%s{x=1}", descs[i]);
      free (want);
      want = xasprintf ("%s {(= x 1);}", descs[i]);
      SHOW (src, want, "description %s directly followed by '{'", descs[i]);
      free (src);
      free (want);
      src = xasprintf ("%s/x/{}", descs[i]);
      want = xasprintf ("%s /x/ {}", descs[i]);
      SHOW (src, want, "description %s directly followed by a predicate", descs[i]);
      free (src);
      free (want);
    }
  SHOW ("syscall::read:entry,syscall::write:entry{}", "syscall::read:entry,syscall::write:entry {}",
        "two descriptions, no blanks");
  SHOW ("syscall::read:entry ,\n  syscall::write:entry,\n\tsyscall::pread*:entry\n{\n}",
        "syscall::read:entry,syscall::write:entry,syscall::pread*:entry {}",
        "three descriptions over lines");
  SHOW ("BEGIN, END /x/ {}", "BEGIN,END /x/ {}", "two descriptions with a predicate");
  SHOW ("BEGIN /* c */ {}", "BEGIN {}", "comment after a description");
  SHOW ("BEGIN // c\n{}", "BEGIN {}", "line comment after a description");
  SHOW ("BEGIN\n#pragma D option quiet\n{}", "option quiet | BEGIN {}", "pragma between description and body");
  SHOW ("BEGIN,\n#pragma D option quiet\nEND\n{}", "option quiet | BEGIN,END {}",
        "pragma between descriptions is read once");
}

static void
test_predicates (void)
{
  SHOW ("syscall::read:entry /pid == $target/ { }", "syscall::read:entry /(== pid $target)/ {}", "predicate");
  SHOW ("syscall::read:entry/pid==$target/{}", "syscall::read:entry /(== pid $target)/ {}", "predicate, no blanks");
  SHOW ("BEGIN /arg0 / 2 > 1/ {}", "BEGIN /(> (/ arg0 2) 1)/ {}", "division inside a predicate");
  SHOW ("BEGIN /(a / b) == c/ {}", "BEGIN /(== (/ a b) c)/ {}", "division in parentheses");
  SHOW ("BEGIN /a/b/{}", "BEGIN /(/ a b)/ {}", "a/b then the closing '/'");
  SHOW ("BEGIN /x/\n{}", "BEGIN /x/ {}", "predicate then a newline");
  SHOW ("BEGIN /x/ /* c */ {}", "BEGIN /x/ {}", "predicate then a comment");
  SHOW ("BEGIN /self->ts[tid]/ {}", "BEGIN /(index self->ts tid)/ {}", "self array predicate");
  SHOW ("BEGIN /execname == \"sshd\" && arg1/ {}", "BEGIN /(&& (== execname \"sshd\") arg1)/ {}",
        "string predicate");
  SHOW ("BEGIN /f(a / b, c)/ {}", "BEGIN /(call f (/ a b) c)/ {}", "division in call arguments");
  SHOW ("BEGIN /a ? b / c : d/ {}", "BEGIN /(? a (/ b c) d)/ {}", "division in a ternary arm");
  SHOW ("BEGIN /(OPT_cmd == 0 || COMMAND == execname) &&\n (OPT_zone == 0 || ZONE == zonename)/ {}",
        "BEGIN /(&& (|| (== OPT_cmd 0) (== COMMAND execname)) (|| (== OPT_zone 0) (== ZONE zonename)))/ {}",
        "multi-line predicate");
}

/* ------------------------------------------------------------------ */
/* Declarations, pragmas, skipping.                                     */

static void
test_decls (void)
{
  struct d_program p;
  struct d_script s;
  int r;

  SHOW ("int x;", "global <int> x", "int x;");
  SHOW ("string s;", "global <string> s", "string s;");
  SHOW ("uint64_t total;", "global <uint64_t> total", "typedef'd type");
  SHOW ("unsigned long long n;", "global <unsigned long long> n", "multi-word type");
  SHOW ("self int depth;", "self <int> depth", "self decl");
  SHOW ("this string s;", "this <string> s", "this decl");
  SHOW ("int a[string, int];", "global <int [string, int]> a", "associative array decl");
  SHOW ("self uint64_t ts[int];", "self <uint64_t [int]> ts", "self array decl");
  SHOW ("self x;", "self <int> x", "self decl without a type: D's default int");
  SHOW ("this x, y;", "this <int> x | this <int> y", "this decls without a type: two ints");
  SHOW ("self int a, b, c;", "self <int> a | self <int> b | self <int> c", "self decl list");
  SHOW ("char *p, q;", "global <char *> p | global <char> q", "two declarators");
  SHOW ("unsigned long a, b;", "global <unsigned long> a | global <unsigned long> b", "two plain declarators");
  SHOW ("struct foo *fp;", "global <struct foo *> fp", "struct pointer decl");
  SHOW ("foo_t *x;", "global <foo_t *> x", "typedef pointer decl");
  SHOW ("inline int OPT_x = 0;", "inline <int> OPT_x = 0", "inline int");
  SHOW ("inline string NAME = \"abc\";", "inline <string> NAME = \"abc\"", "inline string");
  SHOW ("inline int MAX = 10 * 2 + X;", "inline <int> MAX = (+ (* 10 2) X)", "inline expression");
  SHOW ("#pragma D option quiet\n", "option quiet", "option");
  SHOW ("#pragma D option bufsize=4m\n", "option bufsize=4m", "option with a value");
  SHOW ("#pragma D option switchrate = 10hz\n", "option switchrate=10hz", "option with blanks around '='");
  SHOW ("#pragma D option quiet destructive\n", "option quiet | option destructive", "two options on one line");
  SHOW ("#pragma D option  aggsortrev\nBEGIN {}\n#pragma D option dynvarsize=16m\n",
        "option aggsortrev | option dynvarsize=16m | BEGIN {}", "options anywhere");
  SHOW ("BEGIN {\n#pragma D option quiet\n x = 1; }", "option quiet | BEGIN {(= x 1);}", "option inside a clause");
  SHOW ("typedef struct { int a; } foo_t;\nstruct bar { int x; };\nenum e { A, B };\n"
        "union u { int i; long l; } uu;\ntypedef int myint;\n"
        "translator t < int x > { a = x; };\nBEGIN {}",
        "typedef <__d_def> foo_t struct { <int> a; } | struct bar { <int> x; } | enum e { A; B; }"
        " | union u { <int> i; <long> l; } | global <union u> uu | typedef <int> myint"
        " | translator <t> < <int> x > { a = x; } | BEGIN {}",
        "typedef/struct/union/enum definitions and translators kept");
  EXPR ("sizeof (vmlinux`struct file) + (int) (vmlinux`union u *) 0",
        "(+ (sizeof <struct vmlinux`file>) (cast <int> (cast <union vmlinux`u *> 0)))");
  SHOW ("translator psinfo_t < struct task_struct *T > { pr_pid = T->tgid; pr_fname = T->comm; };",
        "translator <psinfo_t> < <struct task_struct *> T > { pr_pid = (-> T tgid);"
        " pr_fname = (-> T comm); }", "a translator's members");
  SHOW ("BEGIN { x = xlate <psinfo_t *> (curthread)->pr_pid + xlate <struct s> (arg0).m; }",
        "BEGIN {(= x (+ (-> (xlate <psinfo_t *> curthread) pr_pid) (. (xlate <struct s> arg0) m)));}",
        "xlate expressions");
  SHOW ("struct s { unsigned int f : 3, : 2, g : 1; char *name[4]; struct { short x; } in;"
        " struct t { int y; } *tp; };",
        "struct t { <int> y; } | struct s { <unsigned int> f : 3; <unsigned int> - : 2;"
        " <unsigned int> g : 1; <char *[4]> name; <__d_def> in = struct { <short> x; };"
        " <struct t *> tp; }", "members: bit-fields, arrays, nested bodies (a tagged one first)");
  SHOW ("enum { X = 1 << 2, Y, };", "enum { X=(<< 1 2); Y; }", "anonymous enum, trailing comma");
  SHOW ("typedef struct node *node_p, node_a[3];\nBEGIN { x = (node_p)0; y = offsetof(struct node, next); }",
        "typedef <struct node *> node_p | typedef <struct node [3]> node_a"
        " | BEGIN {(= x (cast <node_p> 0)); (= y (offsetof <struct node> next));}",
        "typedef names cast; offsetof");
  SHOW ("BEGIN { x = (struct a.out`conn *)arg0; y = (libfoo.so.1`sess_t *)arg1; }",
        "BEGIN {(= x (cast <struct a.out`conn *> arg0)); (= y (cast <libfoo.so.1`sess_t *> arg1));}",
        "module-scoped type names");
  SHOW ("BEGIN { x = (struct net::conn *)arg0; y = (struct a.out`net::inner::deep *)arg1;"
        " z = sizeof (net::conn_t); w = a ? b : c; }",
        "BEGIN {(= x (cast <struct net::conn *> arg0)); (= y (cast <struct a.out`net::inner::deep *> arg1));"
        " (= z (sizeof <net::conn_t>)); (= w (? a b c));}",
        "C++ qualified type names, with and without a module; ?: unchanged");
  SHOW (";;BEGIN {};", "BEGIN {}", "stray ';' at the top level");

  memset (&p, 0, sizeof p);
  cap_begin ();
  r = d_parse_script_string ("<n>",
                             "#pragma D attributes Evolving/Evolving/Common provider p provider\n"
                             "#pragma D option quiet\n"
                             "provider p { probe q(int, char *); };\n"
                             "p*:::q { @[copyinstr(arg1)] = count(); }\n", "E", &p, &s);
  cap_end ();
  UNIT_INTEQ (r, 0, "provider in a script parses (%s)", err_text);
  UNIT_CHECK (p.nproviders == 1 && strcmp (p.providers[0].name, "p") == 0 && p.providers[0].nprobes == 1,
              "provider in a script goes to the d_program");
  UNIT_CHECK (p.npragmas == 1 && strncmp (p.pragmas[0].text, "D attributes", 12) == 0,
              "other pragmas go to the d_program");
  UNIT_CHECK (s.ndecls == 1 && s.decls[0].kind == DD_OPTION && strcmp (s.decls[0].name, "quiet") == 0
              && s.decls[0].value == NULL && s.decls[0].loc.line == 2,
              "option decl with its line");
  UNIT_INTEQ (s.nclauses, 1, "one clause after the provider");
  d_script_free (&s);
  d_program_free (&p);
}

/* ------------------------------------------------------------------ */
/* Locations.                                                           */

static void
test_locations (void)
{
  struct d_program p;
  struct d_script s;
  const char *src =
    "#!/usr/sbin/dtrace -qs\n"
    "/* header */\n"
    "syscall::read:entry,\n"
    "  syscall::write:entry\n"
    "/pid == $target/\n"
    "{\n"
    "\tself->ts = timestamp;\n"
    "\t@[probefunc] = count();\n"
    "}\n";
  int r;

  memset (&p, 0, sizeof p);
  cap_begin ();
  r = d_parse_script_string ("<n>", src, "E", &p, &s);
  cap_end ();
  UNIT_INTEQ (r, 0, "locations: parses with a #! line (%s)", err_text);
  if (r == 0 && s.nclauses == 1)
    {
      const struct d_clause_ast *cl = &s.clauses[0];
      const struct d_node *st = cl->body->args[0], *as = st->a;

      UNIT_CHECK (cl->loc.line == 3 && cl->loc.column == 1, "clause at 3:1 (got %d:%d)", cl->loc.line, cl->loc.column);
      UNIT_CHECK (cl->descs[1].loc.line == 4 && cl->descs[1].loc.column == 3,
                  "second description at 4:3 (got %d:%d)", cl->descs[1].loc.line, cl->descs[1].loc.column);
      UNIT_CHECK (cl->predicate->loc.line == 5 && cl->predicate->loc.column == 6,
                  "predicate '==' at 5:6 (got %d:%d)", cl->predicate->loc.line, cl->predicate->loc.column);
      UNIT_CHECK (cl->predicate->a->loc.line == 5 && cl->predicate->a->loc.column == 2, "pid at 5:2");
      UNIT_CHECK (cl->body->loc.line == 6 && cl->body->loc.column == 1, "body at 6:1");
      UNIT_CHECK (st->loc.line == 7 && st->loc.column == 2, "statement at 7:2");
      UNIT_CHECK (as->kind == DN_ASSIGN && as->loc.line == 7 && as->loc.column == 11, "'=' at 7:11 (got %d:%d)",
                  as->loc.line, as->loc.column);
      UNIT_CHECK (as->a->loc.column == 2 && as->b->loc.column == 13, "operands at 7:2 and 7:13");
      UNIT_CHECK (cl->body->args[1]->a->a->loc.line == 8 && cl->body->args[1]->a->a->loc.column == 2,
                  "aggregation at 8:2");
      UNIT_CHECK (cl->predicate->loc.file && strcmp (cl->predicate->loc.file, "<n>") == 0, "file name on nodes");
    }
  d_script_free (&s);
  d_program_free (&p);
}

/* ------------------------------------------------------------------ */
/* Errors.                                                              */

static void
test_errors (void)
{
  struct d_program p;
  struct d_script s;
  char *path, *want;
  int r;

  ERR ("BEGIN", "dtrace: invalid probe specifier BEGIN: syntax error near end of input");
  ERR ("translator psinfo_t < struct task_struct * > { pr_pid = 1; };",
       "dtrace: invalid probe specifier translator psinfo_t < struct task_struct * > { pr_pid = 1; };: "
       "syntax error near \">\"");
  ERR ("translator psinfo_t < int x > { pr_pid; };",
       "dtrace: invalid probe specifier translator psinfo_t < int x > { pr_pid; };: syntax error near \";\"");
  ERR ("BEGIN { xlate (x)->a; }", "dtrace: invalid probe specifier BEGIN { xlate (x)->a; }: syntax error near \"(\"");
  ERR ("BEGIN{x", "dtrace: invalid probe specifier BEGIN{x: syntax error near end of input");
  ERR ("BEGIN { x = ; }", "dtrace: invalid probe specifier BEGIN { x = ; }: syntax error near \";\"");
  ERR ("BEGIN { printf(\"x\" }", "dtrace: invalid probe specifier BEGIN { printf(\"x\" }: syntax error near \"}\"");
  /* (captured newlines read as '|') */
  ERR ("BEGIN {\n  x = 1;\n", "dtrace: invalid probe specifier BEGIN {|  x = 1;|: line 3: syntax error near end of input");
  ERR ("BEGIN {\n  x = 1\n  y = 2;\n}", "dtrace: invalid probe specifier BEGIN {|  x = 1|  y = 2;|}: line 3: syntax error near \"y\"");
  SHOW ("BEGIN { a + b = 1; }", "ERROR dtrace: E: syntax error near \"=\"", "assignment to a non-lvalue");
  SHOW ("BEGIN { (int)x = 1; }", "ERROR dtrace: E: syntax error near \"=\"", "assignment to a cast");
  SHOW ("BEGIN { x = 1.5; }", "ERROR dtrace: E: floating-point constants are not permitted", "float");
  SHOW ("BEGIN { x = \"abc\n\"; }", "ERROR dtrace: E: newline encountered in string literal", "newline in string");
  SHOW ("BEGIN { x = \"abc", "ERROR dtrace: E: syntax error near end of input", "string at the end");
  SHOW ("BEGIN { x = 1 } }", "ERROR dtrace: E: syntax error near \"}\"", "extra '}'");
  SHOW ("BEGIN { @[x] = count(); }\nEND\n", "ERROR dtrace: E: line 3: syntax error near end of input",
        "lone END at the end (old CPython)");
  SHOW ("int x = 5;", "ERROR dtrace: E: syntax error near \"=\"", "declaration with an initialiser");
  SHOW ("BEGIN /x {", "ERROR dtrace: E: syntax error near \"{\"", "unclosed predicate");
  SHOW ("BEGIN { x = }", "ERROR dtrace: E: syntax error near \"}\"", "missing operand");
  SHOW ("BEGIN { if x { } }", "ERROR dtrace: E: syntax error near \"x\"", "if without parentheses");
  SHOW ("BEGIN { else x = 1; }", "ERROR dtrace: E: syntax error near \"else\"", "else without if");
  SHOW ("BEGIN { x = 1 \"a\"; }", "ERROR dtrace: E: syntax error near \"\"a\"\"", "string token shown as written");
  SHOW ("BEGIN { x = $; }", "ERROR dtrace: E: syntax error near \"$\"", "stray $");
  SHOW ("BEGIN { x = 1 # 2; }", "ERROR dtrace: E: syntax error near \"#\"", "stray #");
  SHOW ("BEGIN { /* never closed", "ERROR dtrace: E: unterminated comment", "unterminated comment");
  SHOW ("BEGIN\n{\n/* never closed\n", "ERROR dtrace: E: line 3: unterminated comment", "unterminated comment line");
  SHOW ("BEGIN /* never closed", "ERROR dtrace: E: unterminated comment", "unterminated comment after a description");
  SHOW ("BEGIN x {}", "ERROR dtrace: E: syntax error near \"x\"", "two words");
  SHOW ("{ x = 1; }", "ERROR dtrace: E: syntax error near \"{\"", "clause without a description");
  SHOW ("BEGIN, { }", "ERROR dtrace: E: syntax error near \"{\"", "missing description after ','");
  SHOW ("BEGIN { x = a[]; }", "ERROR dtrace: E: syntax error near \"]\"", "empty index");
  SHOW ("BEGIN { x = f(1,); }", "ERROR dtrace: E: syntax error near \")\"", "trailing comma");
  SHOW ("BEGIN { self = 1; }", "ERROR dtrace: E: syntax error near \"=\"", "self without ->");
  SHOW ("BEGIN { x = (1; }", "ERROR dtrace: E: syntax error near \";\"", "unclosed parenthesis");
  SHOW ("BEGIN { x = a ? b; }", "ERROR dtrace: E: syntax error near \";\"", "ternary without ':'");
  SHOW ("BEGIN { x = c ? a : b = 1; }", "ERROR dtrace: E: syntax error near \"=\"", "assignment in the last ternary arm");
  SHOW ("inline int = 3;", "ERROR dtrace: E: syntax error near \"=\"", "inline without a name");
  SHOW ("inline int X = 3", "ERROR dtrace: E: syntax error near end of input", "inline without ';'");
  SHOW ("self int;", "ERROR dtrace: E: syntax error near \";\"", "self decl without a name");
  SHOW ("BEGIN { x = 08; }", "ERROR dtrace: E: invalid digit in octal constant", "bad octal");
  SHOW ("BEGIN { x = ''; }", "ERROR dtrace: E: empty character constant", "empty char");
  SHOW ("BEGIN { x = a.; }", "ERROR dtrace: E: syntax error near \";\"", "member name must be a word");
  SHOW ("BEGIN { x = a.1; }", "ERROR dtrace: E: floating-point constants are not permitted", "'.1' is a float");

  /* A script file: "line N" always, the default prefix names the file. */
  path = write_tmp ("err.d", "#!/usr/sbin/dtrace -s\n\nBEGIN\n{\n  x = 1\n  y = 2;\n}\n");
  memset (&p, 0, sizeof p);
  cap_begin ();
  r = d_parse_script_file (path, NULL, NULL, &p, &s);
  cap_end ();
  want = xasprintf ("dtrace: failed to compile script %s: line 6: syntax error near \"y\"", path);
  UNIT_INTEQ (r, -1, "file: syntax error fails");
  UNIT_STREQ (err_text, want, "file: message with the line");
  UNIT_CHECK (script_is_empty (&s), "file: output empty");
  free (want);
  d_program_free (&p);
  free (path);

  path = write_tmp ("one.d", "BEGIN");
  memset (&p, 0, sizeof p);
  cap_begin ();
  r = d_parse_script_file (path, NULL, "failed to compile script one.d", &p, &s);
  cap_end ();
  UNIT_STREQ (err_text, "dtrace: failed to compile script one.d: line 1: syntax error near end of input",
              "file: line 1 is printed for files");
  d_program_free (&p);
  free (path);

  memset (&p, 0, sizeof p);
  cap_begin ();
  r = d_parse_script_file ("/nonexistent/x.d", NULL, NULL, &p, &s);
  cap_end ();
  UNIT_CHECK (r == -1 && strcmp (err_text, "dtrace: failed to open /nonexistent/x.d: No such file or directory") == 0,
              "file: missing file (%s)", err_text);
  d_program_free (&p);
}

/* ------------------------------------------------------------------ */
/* -C.                                                                  */

static void
test_cpp (void)
{
  struct d_program p;
  struct d_script s;
  struct d_cpp_options cpp = { 0 };
  char *path, *inc, *want, *got;
  char *args[1];
  int r;

  if (system ("cpp --version >/dev/null 2>&1") != 0)
    {
      UNIT_SKIP ("cpp: no cpp on this system");
      return;
    }
  cpp.enabled = true;

  path = write_tmp ("cpp1.d", "#!/usr/sbin/dtrace -Cqs\n#define X 42\nBEGIN { x = X; }\n");
  memset (&p, 0, sizeof p);
  cap_begin ();
  r = d_parse_script_file (path, &cpp, NULL, &p, &s);
  cap_end ();
  UNIT_INTEQ (r, 0, "cpp: #! script with -C parses (%s)", err_text);
  got = r == 0 ? show_script (&s) : xstrdup ("");
  UNIT_STREQ (got, "BEGIN {(= x 42);}", "cpp: macro expanded");
  UNIT_CHECK (r == 0 && s.nclauses == 1 && s.clauses[0].loc.line == 3
              && strcmp (s.clauses[0].loc.file, path) == 0,
              "cpp: clause keeps its original file and line 3");
  free (got);
  d_script_free (&s);
  d_program_free (&p);
  free (path);

  inc = write_tmp ("inc.h", "#define Y 7\ninline int Z = ;\n");
  path = write_tmp ("cpp2.d", "#!/usr/sbin/dtrace -Cs\n#include \"inc.h\"\nBEGIN { x = Y; }\n");
  memset (&p, 0, sizeof p);
  cap_begin ();
  r = d_parse_script_file (path, &cpp, NULL, &p, &s);
  cap_end ();
  UNIT_INTEQ (r, -1, "cpp: error inside an included file");
  UNIT_CHECK (strstr (err_text, "inc.h\", line 2: syntax error near \";\"") != NULL
              && strncmp (err_text, "dtrace: failed to compile script ", 33) == 0,
              "cpp: the included file is named (%s)", err_text);
  d_program_free (&p);
  free (path);

  path = write_tmp ("cpp3.d", "#include \"inc.h\"\n\nBEGIN\n{\n  x = Y\n  z = 1;\n}\n");
  args[0] = "-DUNUSED=1";
  cpp.args = args;
  cpp.nargs = 1;
  memset (&p, 0, sizeof p);
  cap_begin ();
  r = d_parse_script_file (path, &cpp, "S", &p, &s);
  cap_end ();
  UNIT_CHECK (r == -1 && strstr (err_text, "inc.h\", line 2") != NULL, "cpp: no #! line, include found (%s)", err_text);
  d_program_free (&p);
  free (path);
  unlink (inc);
  free (inc);

  path = write_tmp ("cpp4.d", "#pragma D option quiet\n#define N 3\n\n\nBEGIN\n{\n  x = N\n  y = 1;\n}\n");
  memset (&p, 0, sizeof p);
  cap_begin ();
  r = d_parse_script_file (path, &cpp, "S", &p, &s);
  cap_end ();
  want = xstrdup ("dtrace: S: line 8: syntax error near \"y\"");
  UNIT_STREQ (err_text, want, "cpp: line numbers follow the markers");
  free (want);
  d_program_free (&p);
  free (path);

  /* A #! script is preprocessed from a temporary copy: a failing cpp's
   * error names the script, never the copy. */
  path = write_tmp ("cpp5.d", "#!/usr/sbin/dtrace -Cs\n#include \"no-such-header.h\"\nBEGIN { }\n");
  memset (&p, 0, sizeof p);
  cap_begin ();
  r = d_parse_script_file (path, &cpp, NULL, &p, &s);
  cap_end ();
  want = xasprintf ("dtrace: failed to preprocess %s: cpp exited with status 1", path);
  UNIT_CHECK (r == -1 && strstr (err_text, want) != NULL && strstr (err_text, "sdtkit-script") == NULL,
              "cpp: a #! script whose cpp fails is named in the error (%s)", err_text);
  free (want);
  d_program_free (&p);
  free (path);
}

/* ------------------------------------------------------------------ */
/* Realistic scripts.                                                   */

static const char execsnoop[] =
  "#!/usr/sbin/dtrace -s\n"
  "/*\n"
  " * execsnoop-like: ternaries with actions, inline options.\n"
  " */\n"
  "#pragma D option quiet\n"
  "#pragma D option switchrate=10hz\n"
  "\n"
  "inline int OPT_dump = 0;\n"
  "inline int OPT_cmd = 0;\n"
  "inline int OPT_time = 1;\n"
  "inline string COMMAND = \".\";\n"
  "\n"
  "dtrace:::BEGIN\n"
  "{\n"
  "\t/* print optional headers */\n"
  "\tOPT_time ? printf(\"%-14s \", \"TIME\") : 1;\n"
  "\tOPT_dump ? printf(\"%s %s %s\\n\", \"TIME\", \"UID\", \"PID\") :\n"
  "\t    printf(\"%5s %6s %s\\n\", \"UID\", \"PID\", \"ARGS\");\n"
  "}\n"
  "\n"
  "syscall::exec*:return, syscall::execve:return\n"
  "/(OPT_cmd == 0 || COMMAND == execname) && errno == 0/\n"
  "{\n"
  "\tOPT_time ? printf(\"%-14d \", timestamp/1000) : 1;\n"
  "\tprintf(\"%5d %6d %s\\n\", uid, pid, curpsinfo->pr_psargs);\n"
  "}\n";

static const char py_flow[] =
  "#!/usr/sbin/dtrace -Zs\n"
  "#pragma D option quiet\n"
  "#pragma D option switchrate=10\n"
  "\n"
  "self int depth;\n"
  "\n"
  "dtrace:::BEGIN\n"
  "{\n"
  "\tprintf(\"%3s %-16s %-16s -- %s\\n\", \"C\", \"TIME(us)\", \"FILE\", \"FUNC\");\n"
  "}\n"
  "\n"
  "python*:::function-entry\n"
  "{\n"
  "\tprintf(\"%3d %-16d %-16s %*s-> %s\\n\", cpu, timestamp / 1000,\n"
  "\t    basename(copyinstr(arg0)), self->depth * 2, \"\", copyinstr(arg1));\n"
  "\tself->depth++;\n"
  "}\n"
  "\n"
  "python*:::function-return\n"
  "{\n"
  "\tself->depth -= self->depth > 0 ? 1 : 0;\n"
  "\tprintf(\"%3d %-16d %-16s %*s<- %s\\n\", cpu, timestamp / 1000,\n"
  "\t    basename(copyinstr(arg0)), self->depth * 2, \"\", copyinstr(arg1));\n"
  "}\n";

static const char mctop[] =
  "#pragma D option quiet\n"
  "#pragma D option aggsortrev\n"
  "\n"
  "memcached*:::command-get\n"
  "{\n"
  "\t@gets[copyinstr(arg0)] = count();\n"
  "\t@bytes[copyinstr(arg0)] = sum(arg3);\n"
  "}\n"
  "\n"
  "memcached*:::command-set,\n"
  "memcached*:::command-add\n"
  "/arg3 > 1024/\n"
  "{\n"
  "\t@big[probename] = count();\n"
  "}\n"
  "\n"
  "profile:::tick-1sec\n"
  "{\n"
  "\tprintf(\"\\033[H\\033[2J\");\n"
  "\tprinta(\"%-40s %@8d %@12d\\n\", @gets, @bytes);\n"
  "\ttrunc(@gets, 10); trunc(@bytes, 10);\n"
  "\tclear(@big)\n"
  "}\n";

static const char latency[] =
  "syscall::read:entry\n"
  "/pid == $target/\n"
  "{\n"
  "\tself->ts[tid] = timestamp;\n"
  "}\n"
  "\n"
  "syscall::read:return\n"
  "/self->ts[tid]/\n"
  "{\n"
  "\t@lat[execname] = quantize(timestamp - self->ts[tid]);\n"
  "\t@l = lquantize((timestamp - self->ts[tid]) / 1000, 0, 100, 10);\n"
  "\tself->ts[tid] = 0;\n"
  "}\n"
  "\n"
  "END\n"
  "{\n"
  "\tprinta(@lat);\n"
  "\tnormalize(@l, 1000);\n"
  "}\n";

static void
test_scripts (void)
{
  SHOW (execsnoop,
        "option quiet | option switchrate=10hz | inline <int> OPT_dump = 0 | inline <int> OPT_cmd = 0 | "
        "inline <int> OPT_time = 1 | inline <string> COMMAND = \".\" | "
        "dtrace:::BEGIN {(? OPT_time (call printf \"%-14s \" \"TIME\") 1); "
        "(? OPT_dump (call printf \"%s %s %s\\n\" \"TIME\" \"UID\" \"PID\") "
        "(call printf \"%5s %6s %s\\n\" \"UID\" \"PID\" \"ARGS\"));} | "
        "syscall::exec*:return,syscall::execve:return "
        "/(&& (|| (== OPT_cmd 0) (== COMMAND execname)) (== errno 0))/ "
        "{(? OPT_time (call printf \"%-14d \" (/ timestamp 1000)) 1); "
        "(call printf \"%5d %6d %s\\n\" uid pid (-> curpsinfo pr_psargs));}",
        "script: execsnoop-like");
  SHOW (py_flow,
        "option quiet | option switchrate=10 | self <int> depth | "
        "dtrace:::BEGIN {(call printf \"%3s %-16s %-16s -- %s\\n\" \"C\" \"TIME(us)\" \"FILE\" \"FUNC\");} | "
        "python*:::function-entry {(call printf \"%3d %-16d %-16s %*s-> %s\\n\" cpu (/ timestamp 1000) "
        "(call basename (call copyinstr arg0)) (* self->depth 2) \"\" (call copyinstr arg1)); "
        "(post++ self->depth);} | "
        "python*:::function-return {(-= self->depth (? (> self->depth 0) 1 0)); "
        "(call printf \"%3d %-16d %-16s %*s<- %s\\n\" cpu (/ timestamp 1000) "
        "(call basename (call copyinstr arg0)) (* self->depth 2) \"\" (call copyinstr arg1));}",
        "script: py_flow-like");
  SHOW (mctop,
        "option quiet | option aggsortrev | "
        "memcached*:::command-get {(= (@gets (call copyinstr arg0)) (call count)); "
        "(= (@bytes (call copyinstr arg0)) (call sum arg3));} | "
        "memcached*:::command-set,memcached*:::command-add /(> arg3 1024)/ "
        "{(= (@big probename) (call count));} | "
        "profile:::tick-1sec {(call printf \"\\x1b[H\\x1b[2J\"); "
        "(call printa \"%-40s %@8d %@12d\\n\" @gets @bytes); (call trunc @gets 10); "
        "(call trunc @bytes 10); (call clear @big);}",
        "script: memcached top-like");
  SHOW (latency,
        "syscall::read:entry /(== pid $target)/ {(= (index self->ts tid) timestamp);} | "
        "syscall::read:return /(index self->ts tid)/ "
        "{(= (@lat execname) (call quantize (- timestamp (index self->ts tid)))); "
        "(= @l (call lquantize (/ (- timestamp (index self->ts tid)) 1000) 0 100 10)); "
        "(= (index self->ts tid) 0);} | "
        "END {(call printa @lat); (call normalize @l 1000);}",
        "script: quantize latency");
}

/* ------------------------------------------------------------------ */
/* Robustness: every prefix and corrupted copies parse or fail cleanly,  */
/* with exactly one message when they fail; deep input does not crash.  */

static void
test_robustness (void)
{
  static const char *const texts[] = { execsnoop, py_flow, mctop, latency };
  static const char alphabet[] = "{}()[]/;,:*+-=<>!&|^~?@$\"'#\n abc_1.\\";
  unsigned seed = 12345;
  int runs = 0, ok = 1;
  size_t i, k;

  for (i = 0; i < sizeof texts / sizeof texts[0]; i++)
    {
      size_t len = strlen (texts[i]);

      for (k = 0; k <= len; k++)
        {
          char *copy = xstrndup (texts[i], k);
          struct d_program p;
          struct d_script s;
          unsigned before = diag_error_count ();
          int r;

          memset (&p, 0, sizeof p);
          cap_begin ();
          r = d_parse_script_string ("<n>", copy, "E", &p, &s);
          cap_end ();
          if (r == 0)
            d_script_free (&s);
          else if (r != -1 || !script_is_empty (&s) || diag_error_count () != before + 1)
            {
              if (ok)
                printf ("# prefix %zu of script %zu: rc %d, %u messages: %s\n", k, i, r,
                        diag_error_count () - before, err_text);
              ok = 0;
            }
          d_program_free (&p);
          free (copy);
          runs++;
        }
      for (k = 0; k < 300; k++)
        {
          char *copy = xstrdup (texts[i]);
          struct d_program p;
          struct d_script s;
          unsigned before = diag_error_count (), j, nflip;
          int r;

          seed = seed * 1103515245u + 12345u;
          nflip = 1 + (seed >> 16) % 6;
          for (j = 0; j < nflip; j++)
            {
              seed = seed * 1103515245u + 12345u;
              size_t at = (seed >> 8) % len;
              seed = seed * 1103515245u + 12345u;
              copy[at] = (seed >> 16) % 5 ? alphabet[(seed >> 8) % (sizeof alphabet - 1)]
                                           : (char) (1 + (seed >> 8) % 255);
            }
          memset (&p, 0, sizeof p);
          cap_begin ();
          r = d_parse_script_string ("<n>", copy, "E", &p, &s);
          cap_end ();
          if (r == 0)
            d_script_free (&s);
          else if (r != -1 || !script_is_empty (&s) || diag_error_count () != before + 1)
            {
              if (ok)
                printf ("# corrupted copy of script %zu: rc %d, %u messages: %s\n", i, r,
                        diag_error_count () - before, err_text);
              ok = 0;
            }
          d_program_free (&p);
          free (copy);
          runs++;
        }
    }
  UNIT_CHECK (ok && runs > 1000, "robustness: %d prefixes and corrupted scripts parse or fail with one message", runs);

  {
    size_t n = 100000;
    struct sb b = { 0 };
    char *got;

    sb_printf (&b, "BEGIN { x = ");
    for (k = 0; k < n; k++)
      sb_printf (&b, "(");
    sb_printf (&b, "1; }");
    got = show (b.s);
    UNIT_STREQ (got, "ERROR dtrace: E: program is nested too deeply", "robustness: 100000 '(' are refused");
    free (got);
    free (b.s);

    memset (&b, 0, sizeof b);
    sb_printf (&b, "BEGIN { x = 1");
    for (k = 0; k < n; k++)
      sb_printf (&b, " + %zu", k % 10);
    sb_printf (&b, "; }");
    {
      struct d_program p;
      struct d_script s;
      int r;

      memset (&p, 0, sizeof p);
      cap_begin ();
      r = d_parse_script_string ("<n>", b.s, "E", &p, &s);
      cap_end ();
      UNIT_INTEQ (r, 0, "robustness: a 100000-term sum parses (and frees without recursion)");
      d_script_free (&s);
      d_program_free (&p);
    }
    free (b.s);

    memset (&b, 0, sizeof b);
    sb_printf (&b, "BEGIN { x = ");
    for (k = 0; k < 300; k++)
      sb_printf (&b, "-(");
    sb_printf (&b, "1");
    for (k = 0; k < 300; k++)
      sb_printf (&b, ")");
    sb_printf (&b, "; }");
    got = show (b.s);
    UNIT_CHECK (strncmp (got, "BEGIN {(= x (neg (neg 1", 24) == 0 || strncmp (got, "ERROR", 5) == 0,
                "robustness: 300 nested negations");
    free (got);
    free (b.s);
  }
}


/* A failed parse leaves the caller's program empty as well as the script
 * (issue 12.7: the file names and pragmas it had interned leaked when the
 * caller, like the consumer, frees only what parsed). */
static void
test_failed_parse_is_empty (void)
{
  struct d_program p;
  struct d_script s;
  char *path = xasprintf ("%s/fail.d", tmpdir);
  FILE *f;
  int r;

  memset (&p, 0, sizeof p);
  cap_begin ();
  r = d_parse_script_string ("<n>", "#pragma D attributes Evolving/Evolving/Common provider p provider\n"
                             "#pragma D option quiet\nBEGIN { x = ; }", "E", &p, &s);
  cap_end ();
  UNIT_INTEQ (r, -1, "failed parse: a syntax error after pragmas");
  UNIT_CHECK (p.nfiles == 0 && p.files == NULL && p.npragmas == 0 && p.pragmas == NULL
              && p.nproviders == 0, "failed parse: ... the program is left empty (%zu files, %zu pragmas)",
              p.nfiles, p.npragmas);
  UNIT_CHECK (s.ndecls == 0 && s.decls == NULL && s.nclauses == 0, "failed parse: ... the script too");
  d_program_free (&p);

  f = fopen (path, "w");
  if (f)
    {
      fputs ("#pragma D attributes Evolving/Evolving/Common provider p provider\n"
             "provider p { probe a(int); };\n# 7 \"other.d\"\nBEGIN {\n", f);
      fclose (f);
    }
  memset (&p, 0, sizeof p);
  cap_begin ();
  r = d_parse_script_file (path, NULL, NULL, &p, &s);
  cap_end ();
  UNIT_INTEQ (r, -1, "failed parse: a file ending inside a clause");
  UNIT_CHECK (p.nfiles == 0 && p.npragmas == 0 && p.nproviders == 0 && p.providers == NULL,
              "failed parse: ... its program (files, pragmas, providers) is left empty");
  d_program_free (&p);
  unlink (path);
  free (path);
}

/* Long operator chains are parsed by a loop per precedence level: no
 * recursion per operator, and the tree (as deep as the chain is long) is
 * freed iteratively.  Deeper nesting (parentheses, unary operators) is
 * bounded by the parser's guard. */
static void
test_long_chains (void)
{
  const size_t terms = 200000;
  struct d_program p;
  struct d_script s;
  char *src = xmalloc (terms * 2 + 32), *w = src;
  const struct d_node *n;
  size_t depth = 0;
  int r;

  w += sprintf (w, "BEGIN { x = 1");
  for (size_t i = 1; i < terms; i++)
    w += sprintf (w, "%c1", "+-"[i % 2]);
  strcpy (w, "; }");
  memset (&p, 0, sizeof p);
  cap_begin ();
  r = d_parse_script_string ("<n>", src, "E", &p, &s);
  cap_end ();
  UNIT_INTEQ (r, 0, "chains: %zu terms of + and - parse", terms);
  n = r == 0 ? s.clauses[0].body->args[0]->a->b : NULL;
  while (n && n->kind == DN_BINARY)
    n = n->a, depth++;
  UNIT_INTEQ (depth, terms - 1, "chains: ... into one left-nested tree");
  if (r == 0)
    d_script_free (&s);
  d_program_free (&p);

  w = src;
  w += sprintf (w, "BEGIN { x = ");
  for (size_t i = 0; i < 5000; i++)
    *w++ = '!';
  strcpy (w, "1; }");
  memset (&p, 0, sizeof p);
  cap_begin ();
  r = d_parse_script_string ("<n>", src, "E", &p, &s);
  cap_end ();
  UNIT_INTEQ (r, -1, "chains: 5000 nested '!' are bounded");
  UNIT_STREQ (err_text, "dtrace: E: program is nested too deeply", "chains: ... with the guard's message");
  d_program_free (&p);
  free (src);
}

int
main (void)
{
  const char *t = getenv ("TMPDIR");

  snprintf (tmpdir, sizeof tmpdir, "%s/sdtkit-test-dscript.XXXXXX", t && *t ? t : "/tmp");
  if (!mkdtemp (tmpdir))
    {
      printf ("not ok - mkdtemp %s: %s\n", tmpdir, strerror (errno));
      return 1;
    }
  setvbuf (stdout, NULL, _IOLBF, 0);

  test_precedence ();
  test_unary_postfix ();
  test_casts ();
  test_primaries ();
  test_statements ();
  test_descriptions ();
  test_predicates ();
  test_decls ();
  test_locations ();
  test_errors ();
  test_cpp ();
  test_scripts ();
  test_robustness ();
  test_failed_parse_is_empty ();
  test_long_chains ();

  {
    char *cmd = xasprintf ("rm -rf '%s'", tmpdir);
    if (system (cmd) != 0)
      printf ("# could not remove %s\n", tmpdir);
    free (cmd);
  }
  free (err_text);
  return unit_exit ();
}
