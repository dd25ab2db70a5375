# fuzz.mk — builds the libFuzzer harnesses of test/fuzz/ (GNU make).
#
#   make -f test/fuzz/fuzz.mk srcdir=SRC out=DIR [CC=clang]
#
# Called by `make fuzz` in a configured build directory (out=fuzz there)
# and by test/fuzz/run.  Nothing of the normal build is reused: every
# library source the harnesses can reach is compiled again with clang,
# -fsanitize=fuzzer-no-link,address,undefined, into DIR/obj/, and archived
# into one DIR/libsdtkit-fuzz.a from which each harness takes what it needs.
# The source lists are the library folders' *.c (consumer/output: only the
# dformat module, which needs no libbpf), so a new source file needs no
# change here.  Header dependencies come from -MMD.
#
# Outputs: DIR/fuzz-NAME (the harnesses) and DIR/seeds/{notes,dtrace-g}
# (the ELF seed objects, test/fuzz/make-elf-seeds).

srcdir ?= .
out ?= fuzz
CC = clang

HARNESSES = provider dscript notes dtrace-g printf

LIB_SRCS := $(wildcard $(srcdir)/common/*.c $(srcdir)/sdt/*.c $(srcdir)/dlang/*.c \
	$(srcdir)/provider-compiler/*.c $(srcdir)/dtrace-g/*.c $(srcdir)/consumer/compile/*.c \
	$(srcdir)/consumer/output/dformat*.c)
LIB_OBJS := $(patsubst $(srcdir)/%.c,$(out)/obj/%.o,$(LIB_SRCS))

SAN = -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
LIBELF_CFLAGS := $(shell pkg-config --cflags libelf 2>/dev/null)
LIBELF_LIBS := $(shell pkg-config --libs libelf 2>/dev/null || echo -lelf)
FUZZ_CPPFLAGS = -I$(srcdir) -D_GNU_SOURCE $(LIBELF_CFLAGS)
FUZZ_CFLAGS = -std=gnu11 -g -O1 -Wall -Wextra $(SAN)
# The harnesses themselves are held to the project's -Werror warnings.
HARNESS_WARN = -Wshadow -Wformat=2 -Wmissing-prototypes -Wstrict-prototypes -Werror

all: $(addprefix $(out)/fuzz-,$(HARNESSES)) seeds

$(out)/obj/%.o: $(srcdir)/%.c
	@mkdir -p $(@D)
	$(CC) $(FUZZ_CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c $< -o $@

$(out)/libsdtkit-fuzz.a: $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $(LIB_OBJS)

$(out)/obj/fuzz-%.o: $(srcdir)/test/fuzz/fuzz-%.c
	@mkdir -p $(@D)
	$(CC) $(FUZZ_CPPFLAGS) $(FUZZ_CFLAGS) $(HARNESS_WARN) -fsanitize=fuzzer-no-link -MMD -MP -c $< -o $@

$(out)/fuzz-%: $(out)/obj/fuzz-%.o $(out)/libsdtkit-fuzz.a
	$(CC) $(SAN) -fsanitize=fuzzer $< $(out)/libsdtkit-fuzz.a $(LIBELF_LIBS) -o $@

# ELF seeds: objects built by the system compiler from small C sources.
seeds: $(out)/seeds/.stamp
$(out)/seeds/.stamp: $(srcdir)/test/fuzz/make-elf-seeds
	bash $(srcdir)/test/fuzz/make-elf-seeds $(out)/seeds
	@touch $@

.PHONY: all seeds
.SECONDARY:
-include $(LIB_OBJS:.o=.d) $(patsubst %,$(out)/obj/fuzz-%.d,$(HARNESSES))
