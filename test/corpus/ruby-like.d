#include "rb_opts.h"

/* Corpus file written for sdtkit (same shape as Ruby's probes.d).
 * Needs -C -I<corpus>/include. */
provider rubyish {
  /*
     rubyish:::method-entry(classname, methodname, filename, lineno);

     This probe fires when a method is entered.  The probe takes the
     class name, the method name, the file name and the line number.
  */
  probe method__entry(const char *classname, const char *methodname, const char *filename, int lineno);
  /*
     rubyish:::method-return(classname, methodname, filename, lineno);

     This probe is the counterpart of method-entry.
  */
  probe method__return(const char *classname, const char *methodname, const char *filename, int lineno);

  /* Allocation probes: see the provider documentation. */
  probe array__create(long length, const char *filename, int lineno);
  probe hash__create(long length, const char *filename, int lineno);
  probe string__create(RB_NAME_LEN length, const char *filename, int lineno);

  /*
     rubyish:::raise(classname, filename, lineno);

     A plain name: this probe fires when an exception is raised.
  */
  probe raise(const char *classname, const char *filename, int lineno);

  probe gc__mark__begin();
  probe gc__mark__end();
  probe gc__sweep__begin();
  probe gc__sweep__end();

#if RB_COLLECT_USAGE
  probe insn(const char *insns_name);
  probe insn__operand(const char *val, const char *insns_name);
#endif
};

#pragma D attributes Stable/Evolving/Common provider rubyish provider
#pragma D attributes Stable/Evolving/Common provider rubyish module
#pragma D attributes Stable/Evolving/Common provider rubyish function
#pragma D attributes Evolving/Evolving/Common provider rubyish name
#pragma D attributes Evolving/Evolving/Common provider rubyish args
