# KioskKit: `make demo` runs the demo, `make test` runs every test. Both first install the
# Debian packages the build needs (only those missing), so a fresh Debian machine needs
# nothing else.

SWIFT ?= swift
PREFIX ?= /usr/local
DEMO_OUTPUT ?= out/demo
# More options for the demo, e.g. DEMO_ARGS=--screen=Virtual-2:mode=800x480 (a second screen).
DEMO_ARGS ?=
# Run apt-get through sudo unless we are root already.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Build: g++ for the C++ standard library headers, toml++ (header-only) for the configuration file,
# pkg-config and the -dev packages of pixman, cairo, pango/fontconfig, TurboJPEG, libdrm,
# libudev, libinput and xkbcommon; libseat (devices through logind or seatd as an
# unprivileged user) and libsystemd (sd_notify: READY, WATCHDOG, STOPPING for Type=notify).
# librime (the Rime input method engine) for the on-screen keyboard's Chinese Pinyin.
# espeak-ng's and ALSA's headers (libespeak-ng-dev, libasound2-dev) for the screen reader's
# speech; KioskSpeech loads both libraries with dlopen.
# Run: the fonts the demo, the goldens and the benchmark are drawn with; xkb-data, the
# keyboard layouts xkbcommon compiles keymaps from; libx11-data, the compose tables
# xkbcommon reads dead keys and Compose sequences from; rime-data-pinyin-simp, librime's
# simplified-character Pinyin schema and dictionary (it pulls in rime-data-stroke; chosen
# over luna_pinyin_simp, whose second candidate for "nihao" was the traditional 妳好 when
# measured here), and rime-prelude, the default.yaml and symbols.yaml its schema imports
# (Debian only recommends it, and without it librime logs the missing presets);
# espeak-ng-data, the voices the screen reader speaks in (and its tests check).
DEB_PACKAGES := pkg-config libpixman-1-dev libcairo2-dev libpango1.0-dev libfontconfig-dev \
	libturbojpeg0-dev libdrm-dev libudev-dev libinput-dev libxkbcommon-dev xkb-data \
	libseat-dev libsystemd-dev librime-dev libtomlplusplus-dev g++ \
	libespeak-ng-dev libasound2-dev \
	fonts-dejavu-core fonts-noto-cjk libx11-data rime-data-pinyin-simp rime-prelude \
	espeak-ng-data
# Packaging (`make deb`): Debian's tools, and lintian to check what they built.
DEB_BUILD_PACKAGES := debhelper dpkg-dev lintian
# Test only: QEMU, Debian's kernel and a static busybox for the tests on a real kernel.
# (udev: udevd and udevadm for the hotplug tests; python3: unpacking the kernel image.)
# (systemd: systemd-analyze, which checks the installed kiosk.service; seatd: the seat
# manager libseat's other backend talks to, for the VT switch test without logind;
# prometheus: promtool, which checks the metrics' text; libpam-systemd: the package's
# dependency for kiosk.service's logind session, which the boot test installs.)
# (mmdebstrap: the Debian 13 root folders of test-boot-trixie and test-boot-arm64;
# qemu-system-arm: the arm64 guest; qemu-user-static, binfmt-support and arch-test: the arm64
# root's maintainer scripts run through qemu-user; xz-utils: trixie's modules are .ko.xz;
# alsa-utils: amixer, which unmutes the emulated sound card of the speech test; libcec6:
# the library the HDMI-CEC test opens through the ABI KioskKit declares, not a build
# dependency: KioskKit loads it with dlopen; tzdata: the zones the display schedule's tests
# turn clocks in, Europe/Berlin and America/New_York, absent from a minimal Debian.)
DEB_TEST_PACKAGES := qemu-system-x86 linux-image-amd64 busybox-static udev python3 systemd \
	seatd prometheus libpam-systemd \
	mmdebstrap qemu-system-arm qemu-user-static binfmt-support arch-test xz-utils alsa-utils \
	libcec6 tzdata

.PHONY: all deps test-deps deb-deps install-packages build generated-docs docs gallery demo test test-examples test-boot deb cross-toolchain fuzz test-asan prebuilt \
	bench install install-files install-app-files install-system-files format lint clean

all: build

deps:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(DEB_PACKAGES)"

test-deps: deps deb-deps
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(DEB_TEST_PACKAGES)"

deb-deps:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(DEB_BUILD_PACKAGES)"

# Installs whichever of $(PACKAGES) are missing, and nothing else.
install-packages:
	@missing=""; \
	for package in $(PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "ok installed" \
			|| missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# `make`: the release binaries that `make install` copies (as yourself: install needs no
# toolchain, no network and no build as root), and their manual pages and completions.
build: deps
	$(SWIFT) build -c release --product kiosk-demo
	$(SWIFT) build -c release --product kioskctl
	$(SWIFT) build -c release --product kiosk-uinput
	$(SWIFT) build -c release --product generate-manual
	@$(MAKE) --no-print-directory generated-docs BUILD_DIR=.build/release

# The tools' manual pages (section 1) and their bash, zsh and fish completions, generated
# from their ArgumentParser definitions by swift-argument-parser's generate-manual and by
# the tools themselves (less bash's #! line: completions are sourced), into
# $(BUILD_DIR)/generated. kiosk.toml(5) is docs/man's. The date
# is SOURCE_DATE_EPOCH's (dpkg-buildpackage sets it from debian/changelog), else today.
# MANUAL_GENERATOR: generate-manual built for the build machine (a cross build's tools are
# not, and run through qemu-user).
TOOLS := kiosk-demo kioskctl kiosk-uinput
MANUAL_GENERATOR ?= $(BUILD_DIR)/generate-manual
generated-docs:
	rm -rf $(BUILD_DIR)/generated
	mkdir -p $(BUILD_DIR)/generated/man $(BUILD_DIR)/generated/completions
	for tool in $(TOOLS); do \
		$(MANUAL_GENERATOR) $(BUILD_DIR)/$$tool -o $(BUILD_DIR)/generated/man \
			--date $$(date -u -d @$${SOURCE_DATE_EPOCH:-$$(date +%s)} +%F) || exit 1; \
		for shell in bash zsh fish; do \
			$(BUILD_DIR)/$$tool --generate-completion-script $$shell | sed '1{/^#!/d}' \
				> $(BUILD_DIR)/generated/completions/$$tool.$$shell || exit 1; \
		done; \
	done

# The demo on the virtual framebuffer (no display here), one PNG per screen in $(DEMO_OUTPUT).
demo: deps
	$(SWIFT) build -c release --product kiosk-demo
	rm -rf $(DEMO_OUTPUT)
	.build/release/kiosk-demo --backend auto --output $(DEMO_OUTPUT) $(DEMO_ARGS)
	@echo "Demo screens written to $(DEMO_OUTPUT)/"

# Every test: unit tests, golden-image tests on the virtual framebuffer, the tests on a real
# kernel in QEMU (the DRM, fbdev and libinput paths, the package booting under systemd on
# Debian 12, and on Debian 13 for amd64 and arm64, the goldens on arm64), the fuzzing and the
# example apps. The QEMU tests' packages install while the debug build runs (the build needs
# only the -dev packages); Tests/run-tests.sh then runs the tests on one core while the
# packages, root folders and arm64 builds they need are made on the other.
test: deps deb-deps
	@mkdir -p out/test-logs
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(DEB_TEST_PACKAGES)" \
		> out/test-logs/test-deps.log 2>&1 & installing=$$!; \
	$(SWIFT) build --build-tests; built=$$?; \
	wait $$installing; installed=$$?; cat out/test-logs/test-deps.log; \
	[ $$built = 0 ] && [ $$installed = 0 ]
	MAKE="$(MAKE)" SWIFT="$(SWIFT)" SUDO="$(SUDO)" DEB_FILE="$(DEB_FILE)" FUZZ_SECONDS=10 \
		Tests/run-tests.sh

# The example apps, each a package of its own that depends on KioskKit by path, as an app
# outside this repository does by URL: built and tested as their authors would.
# They share one build folder: KioskKit, compiled alike for each, is then compiled once (the
# second example's build took 12 s instead of 100 s when measured).
EXAMPLES := Examples/HelloKiosk Examples/CheckIn
EXAMPLES_BUILD := $(abspath .build/examples)
test-examples: deps
	for example in $(EXAMPLES); do \
		(cd $$example && $(SWIFT) build --build-tests --scratch-path $(EXAMPLES_BUILD) \
			&& $(SWIFT) test --skip-build --scratch-path $(EXAMPLES_BUILD)) || exit 1; \
	done
	SWIFT=$(SWIFT) Tests/follow-readme-first-app.sh $(EXAMPLES_BUILD)
	SWIFT=$(SWIFT) Tests/examples-on-prebuilt.sh

# KioskKit compiled once for every app on this machine (prebuilt/build.sh says how): the
# package PREFIX/share/kioskkit/KioskKit, which an app names by path in place of the URL, and
# PREFIX/lib/pkgconfig/kioskkit-prebuilt.pc. Compiled in the package's build folder, so after
# `make deb` it only archives what that compiled.
PREBUILT_STAGE := out/prebuilt
prebuilt: deps
	SWIFT=$(SWIFT) prebuilt/build.sh $(PREFIX) $(PREBUILT_STAGE)
	$(SUDO) rm -rf $(PREFIX)/share/kioskkit/KioskKit
	$(SUDO) mkdir -p $(PREFIX)
	$(SUDO) cp -r $(PREBUILT_STAGE)/. $(PREFIX)/
	@echo "prebuilt: name it in Package.swift with .package(path: \"$(PREFIX)/share/kioskkit/KioskKit\")"

# The kiosk service booting under systemd (PID 1) in QEMU from the package: dpkg -i, READY,
# the panel, a VT switch and back, a watchdog restart, a clean stop.
test-boot: test-deps deb
	$(SWIFT) build --build-tests
	KIOSK_BOOT_DEB=$(abspath $(DEB_FILE)) $(SWIFT) test --skip-build --filter BootQEMUTests

# The boot test on Debian 13 (trixie) rather than on this machine's root: root folders made
# from Debian's packages by Tests/QEMU/make-rootfs.sh (as root; the folders are kept in
# ~/.cache/kioskkit/rootfs, so `make clean` leaves them, and linked from $(ROOTFS_DIR)),
# each with the package's Depends and Recommends installed (the first of each "a | b",
# versions dropped), as `apt install ./kioskkit.deb` on a panel would. Each boots its own
# kernel with systemd as PID 1 and installs the package with dpkg -i: amd64 with the
# package built here (test-boot-trixie), arm64 in qemu-system-aarch64 -M virt with
# $(DEB_FILE_ARM64), built with the cross toolchain (test-boot-arm64). Both check READY,
# the demo on the display, kioskctl status and metrics, a tap through kiosk-uinput, a
# watchdog restart and a clean stop (amd64 also a VT switch). test-rootfs-script checks
# make-rootfs.sh's cache (an interrupted build is rebuilt) without downloading anything.
.PHONY: rootfs-trixie-amd64 rootfs-trixie-arm64 test-boot-trixie test-boot-arm64 test-rootfs-script
ROOTFS_DIR ?= out/rootfs
DEB_FILE_ARM64 ?= $(DEB_DIR)/kioskkit_$(VERSION)_arm64.deb
# The package names a .deb's Depends and Recommends name, one per line.
DEB_DEPENDENCY_NAMES = dpkg-deb -f $(1) Depends Recommends | sed 's/^[A-Z][A-Za-z-]*: //' \
	| tr ',' '\n' | sed -e 's/|.*//' -e 's/([^)]*)//g' -e 's/:[a-z0-9]*//' | tr -d ' \t' \
	| sed '/^$$/d' | sort -u
rootfs-trixie-amd64: test-deps
	@[ -f $(DEB_FILE) ] || $(MAKE) --no-print-directory deb
	$(SUDO) Tests/QEMU/make-rootfs.sh trixie amd64 $(ROOTFS_DIR)/trixie-amd64 \
		$$($(call DEB_DEPENDENCY_NAMES,$(DEB_FILE)))
rootfs-trixie-arm64: test-deps
	@[ -f $(DEB_FILE_ARM64) ] || { echo "make rootfs-trixie-arm64: no $(DEB_FILE_ARM64);" \
		"build the arm64 package first (its Depends are what the root gets)" >&2; exit 1; }
	$(SUDO) Tests/QEMU/make-rootfs.sh trixie arm64 $(ROOTFS_DIR)/trixie-arm64 \
		$$($(call DEB_DEPENDENCY_NAMES,$(DEB_FILE_ARM64)))
test-boot-trixie: test-deps deb rootfs-trixie-amd64
	$(SWIFT) build --build-tests
	KIOSK_BOOT_ROOT_TRIXIE_AMD64=$(abspath $(ROOTFS_DIR)/trixie-amd64) \
		KIOSK_BOOT_DEB=$(abspath $(DEB_FILE)) $(SWIFT) test --skip-build \
		--filter 'BootPlatformsQEMUTests/(thePackageBootsOnDebian13Amd64|theRootFolderBoots)'
test-boot-arm64: test-deps rootfs-trixie-arm64
	$(SWIFT) build --build-tests
	KIOSK_BOOT_ROOT_TRIXIE_ARM64=$(abspath $(ROOTFS_DIR)/trixie-arm64) \
		KIOSK_BOOT_DEB_ARM64=$(abspath $(DEB_FILE_ARM64)) $(SWIFT) test --skip-build \
		--filter 'BootPlatformsQEMUTests/(thePackageBootsOnDebian13Arm64|theRootFolderBoots)'
test-rootfs-script:
	$(SUDO) Tests/QEMU/make-rootfs-test.sh

# The golden-image tests on arm64 (Tests/KioskQEMUTests/Arm64GoldenQEMUTests.swift): the
# test bundle cross-built for arm64 by the cross toolchain (a debug build; Debian's
# swiftlang ships no lib_Testing_Foundation, so Swift Testing's Foundation overlay is left
# out), run in qemu-system-aarch64 on the Debian 13 arm64 root, and compared golden by
# golden with what the same tests draw on Debian 13 amd64 (in a chroot of that root).
.PHONY: arm64-tests test-goldens-arm64 test-goldens-arm64-built
ARM64_TESTS_BUILD := .build/arm64-tests
ARM64_TESTS_BUNDLE = $(abspath $(ARM64_TESTS_BUILD))/aarch64-unknown-linux-gnu/debug/KioskKitPackageTests.xctest
# Only KioskGoldenTests' target among the tests (KIOSK_TEST_TARGETS, read by Package.swift):
# the arm64 run needs no other, and the build is then a third smaller.
arm64-tests: cross-toolchain
	cross/toolchain.sh run env KIOSK_TEST_TARGETS=KioskGoldenTests \
		swift build --build-tests --swift-sdks-path /sdks \
		--swift-sdk kioskkit-trixie-arm64 --scratch-path $(ARM64_TESTS_BUILD) \
		-Xswiftc -Xfrontend -Xswiftc -disable-cross-import-overlays
test-goldens-arm64: test-deps arm64-tests rootfs-trixie-amd64 rootfs-trixie-arm64
	$(SWIFT) build --build-tests
	@$(MAKE) --no-print-directory test-goldens-arm64-built
# The run alone, with the bundle and the root folders made already (Tests/run-tests.sh).
# The host's test bundle is run itself rather than through `swift test`, which would wait
# for the lock on .build that the test lane's `swift test` holds meanwhile; by its full
# path, which the test runs again inside a chroot.
test-goldens-arm64-built:
	KIOSK_GOLDENS_ARM64_BUNDLE=$(ARM64_TESTS_BUNDLE) \
		KIOSK_GOLDENS_ARM64_RUNTIME=$$(realpath $$(cross/toolchain.sh path)/sysroot/usr/lib/swift/linux) \
		KIOSK_BOOT_ROOT_TRIXIE_AMD64=$(abspath $(ROOTFS_DIR)/trixie-amd64) \
		KIOSK_BOOT_ROOT_TRIXIE_ARM64=$(abspath $(ROOTFS_DIR)/trixie-arm64) \
		$$(realpath .build/debug)/KioskKitPackageTests.xctest --testing-library swift-testing \
		--filter Arm64GoldenQEMUTests

# The Debian package, out/deb/kioskkit_VERSION_ARCH.deb, built by dpkg-buildpackage
# (debian/rules) and checked by lintian, which must report no errors, and by
# Tests/Packaging/check-binaries.sh (each executable is for ARCH and names no toolchain).
# The version is the VERSION file's; debian/changelog must say the same.
# ARCH=arm64 on an amd64 machine cross-builds the arm64 package for Debian 13 in the
# toolchain `make cross-toolchain` keeps in the cache (cross/toolchain.sh: Debian's Swift
# of unstable in a chroot, linking against a Debian 13 arm64 sysroot).
VERSION := $(shell cat VERSION)
BUILD_ARCH := $(shell dpkg --print-architecture)
ARCH ?= $(BUILD_ARCH)
DEB_DIR ?= out/deb
DEB_NAME = kioskkit_$(VERSION)_$(ARCH)
DEB_FILE = $(DEB_DIR)/$(DEB_NAME).deb
ifeq ($(ARCH),$(BUILD_ARCH))
DEB_BUILD := KIOSK_DEB_DIR=$(abspath $(DEB_DIR)) SWIFT=$(SWIFT) dpkg-buildpackage -b --no-sign
DEB_PREREQUISITES := deps deb-deps
else ifeq ($(BUILD_ARCH)-$(ARCH),amd64-arm64)
# -d: the build dependencies are the sysroot's (arm64), not the chroot's own packages;
# -Pcross,nocheck and nocheck: a cross build, whose tests `make test` runs elsewhere.
DEB_BUILD := cross/toolchain.sh run env KIOSK_DEB_DIR=$(abspath $(DEB_DIR)) SWIFT=swift \
	DEB_BUILD_OPTIONS=nocheck \
	KIOSK_SWIFT_SDK="--swift-sdks-path /sdks --swift-sdk kioskkit-trixie-arm64" \
	KIOSK_TARGET_ADMINDIR=/sysroot/var/lib/dpkg QEMU_LD_PREFIX=/sysroot \
	dpkg-buildpackage -b --no-sign -d -a $(ARCH) -Pcross,nocheck
DEB_PREREQUISITES := deb-deps cross-toolchain
else
DEB_BUILD = $(error make deb ARCH=$(ARCH): this machine ($(BUILD_ARCH)) builds for $(BUILD_ARCH), and amd64 builds for arm64)
endif
deb: $(DEB_PREREQUISITES)
	@changelog=$$(dpkg-parsechangelog -S Version); [ "$$changelog" = "$(VERSION)" ] || { \
		echo "make deb: debian/changelog is at $$changelog but VERSION at $(VERSION)" >&2; exit 1; }
	mkdir -p $(DEB_DIR)
	$(DEB_BUILD) \
		--buildinfo-option=-u$(abspath $(DEB_DIR)) --changes-option=-u$(abspath $(DEB_DIR)) \
		--buildinfo-file=$(abspath $(DEB_DIR))/$(DEB_NAME).buildinfo \
		--changes-file=$(abspath $(DEB_DIR))/$(DEB_NAME).changes
	lintian --fail-on error $(DEB_DIR)/$(DEB_NAME).changes
	Tests/Packaging/check-binaries.sh $(DEB_FILE) $(ARCH)
	@echo "Built $(DEB_FILE): install it with  sudo apt install ./$(DEB_FILE)"

# The arm64 cross toolchain, made once from Debian's packages and kept in the cache
# (~/.cache/kioskkit/toolchain, or KIOSK_CACHE): `cross/toolchain.sh` says what and why.
# mmdebstrap makes the chroots, bubblewrap runs the build in them, qemu-user runs the
# sysroot's arm64 maintainer scripts (and the tools, for their manual pages).
CROSS_PACKAGES := mmdebstrap bubblewrap qemu-user-static binfmt-support arch-test
cross-toolchain:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(CROSS_PACKAGES)"
	cross/toolchain.sh setup

# The benchmark and the reference scene are built as the package builds its programs: with
# the Swift runtime linked in (--static-swift-stdlib), which is how a panel starts them.
BENCH_BUILD = $(SWIFT) build -c release --static-swift-stdlib --scratch-path .build/static
bench: deps
	$(BENCH_BUILD) --product kiosk-bench
	$(BENCH_BUILD) --product kiosk-refscene
	.build/static/release/kiosk-bench $(BENCH_ARGS)

# Where `make install` puts things. systemd reads units and sysusers.d from $(PREFIX)/lib
# for PREFIX=/usr/local too; configuration and PAM live in $(SYSCONFDIR).
SYSCONFDIR ?= /etc
UNITDIR ?= $(PREFIX)/lib/systemd/system
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
# udev reads rules from /etc and /usr/lib, not /usr/local: the rule goes with the PAM stack.
UDEVRULESDIR ?= $(SYSCONFDIR)/udev/rules.d
BUILD_DIR ?= .build/release

# The executables (kiosk-demo; kioskctl and kiosk-uinput linked to it) into $(PREFIX)/bin, the demo's storyboard and its
# images into $(PREFIX)/share/kioskkit (where an installed kiosk-demo looks for them), the
# systemd unit, its user (sysusers.d), PAM stack and udev rule (the DRM card as a systemd
# device, which the unit waits for), and /etc/kiosk/kiosk.toml (only if
# there is none: an installed configuration is the device's own and is kept). It only
# copies what `make` built; it installs no packages and builds nothing.
install:
	@for binary in kiosk-demo kioskctl kiosk-uinput; do \
		[ -x .build/release/$$binary ] || { \
			echo "make install: no .build/release/$$binary; run make first (as yourself)" >&2; \
			exit 1; }; \
	done
	@$(MAKE) --no-print-directory install-files BUILD_DIR=.build/release
	@if [ -z "$(DESTDIR)" ]; then \
		echo "Installed. Next: systemd-sysusers && udevadm control --reload && udevadm trigger --subsystem-match=drm && systemctl daemon-reload && systemctl enable --now kiosk"; \
	fi

# What `install` copies, from binaries already built in $(BUILD_DIR) (the tests use it).
install-files: install-app-files install-system-files

# The executables, their manual pages and completions (when generated), kiosk.toml(5), the
# demo's storyboard and images, and /etc/kiosk (the package too).
install-app-files:
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/kioskkit/kiosk-demo \
		$(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/man/man5 \
		$(DESTDIR)$(SYSCONFDIR)/kiosk $(DESTDIR)$(SYSCONFDIR)/kiosk/kiosk.toml.d
	install -m 755 $(BUILD_DIR)/kiosk-demo $(DESTDIR)$(PREFIX)/bin/
	# kioskctl and kiosk-uinput are kiosk-demo under their names (one copy of Foundation and
	# ICU instead of three: kiosk-demo's MultiCallProgram).
	ln -sf kiosk-demo $(DESTDIR)$(PREFIX)/bin/kioskctl
	ln -sf kiosk-demo $(DESTDIR)$(PREFIX)/bin/kiosk-uinput
	install -m 644 docs/man/kiosk.toml.5 $(DESTDIR)$(PREFIX)/share/man/man5/
	if [ -d $(BUILD_DIR)/generated ]; then \
		generated=$(BUILD_DIR)/generated; \
		install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
			$(DESTDIR)$(PREFIX)/share/zsh/vendor-completions \
			$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d && \
		install -m 644 $$generated/man/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/ && \
		for tool in $(TOOLS); do \
			install -m 644 $$generated/completions/$$tool.bash \
				$(DESTDIR)$(PREFIX)/share/bash-completion/completions/$$tool && \
			install -m 644 $$generated/completions/$$tool.zsh \
				$(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_$$tool && \
			install -m 644 $$generated/completions/$$tool.fish \
				$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/$$tool.fish || exit 1; \
		done; \
	fi
	install -m 644 config/kiosk-demo.storyboard.json $(DESTDIR)$(PREFIX)/share/kioskkit/
	install -m 644 config/kiosk-demo/*.png $(DESTDIR)$(PREFIX)/share/kioskkit/kiosk-demo/
	@if [ -f config/kiosk.toml ] && [ ! -e $(DESTDIR)$(SYSCONFDIR)/kiosk/kiosk.toml ]; then \
		echo "install -m 644 config/kiosk.toml $(DESTDIR)$(SYSCONFDIR)/kiosk/kiosk.toml"; \
		install -m 644 config/kiosk.toml $(DESTDIR)$(SYSCONFDIR)/kiosk/kiosk.toml; \
	fi

# The unit (its /usr/bin/ turned into $(PREFIX)/bin/), its user, PAM stack and udev rule.
# The package installs the same files through debhelper (debian/kioskkit.kiosk*).
install-system-files:
	install -d $(DESTDIR)$(UNITDIR) $(DESTDIR)$(SYSUSERSDIR) $(DESTDIR)$(SYSCONFDIR)/pam.d \
		$(DESTDIR)$(UDEVRULESDIR)
	sed -e 's|/usr/bin/|$(PREFIX)/bin/|g' -e 's|/etc/kiosk/|$(SYSCONFDIR)/kiosk/|g' \
		systemd/kiosk.service > $(DESTDIR)$(UNITDIR)/kiosk.service
	chmod 644 $(DESTDIR)$(UNITDIR)/kiosk.service
	install -m 644 systemd/kiosk.sysusers $(DESTDIR)$(SYSUSERSDIR)/kiosk.conf
	install -m 644 systemd/kiosk.pam $(DESTDIR)$(SYSCONFDIR)/pam.d/kiosk
	install -m 644 systemd/kiosk-drm.rules $(DESTDIR)$(UDEVRULESDIR)/70-kiosk-drm.rules

# The README's gallery: a contact sheet of every golden image, kept with the documentation.
GALLERY := Sources/KioskKit/KioskKit.docc/Resources/goldens.png
gallery: deps
	$(SWIFT) build --product kiosk-gallery
	mkdir -p $(dir $(GALLERY))
	$$($(SWIFT) build --show-bin-path)/kiosk-gallery $(GALLERY) --columns 5 --width 280 \
		Tests/KioskGoldenTests/Goldens Examples/HelloKiosk/Tests/HelloKioskTests/Goldens \
		Examples/CheckIn/Tests/CheckInTests/Goldens

# The documentation (DocC): the articles of Sources/KioskKit/KioskKit.docc and the API of
# KioskKit and the modules it re-exports, as a static site in out/docs.
docs: deps
	mkdir -p out
	$(SWIFT) package --allow-writing-to-directory out/docs generate-documentation \
		--target KioskKit --output-path out/docs --transform-for-static-hosting \
		--warnings-as-errors

format:
	$(SWIFT) format format --in-place --recursive --parallel Package.swift Sources Tests Examples

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests Examples

# libFuzzer on the parsers of outside input (kiosk-fuzz: config, storyboard, touch-script,
# control-request), each for FUZZ_SECONDS, from the seeds in Tests/FuzzCorpus and what
# earlier runs found (.build-fuzz/corpus). The build is a debug build with AddressSanitizer
# and libFuzzer's coverage, linked with libFuzzer's driver (kiosk-fuzz has a main of its
# own: without the driver it runs each input it is given once). A crash, an abort, a memory
# error or a leak fails the run and leaves the input in .build-fuzz/artifacts.
# make test-asan: the unit tests (all but those on a real kernel, whose VMs run the debug
# build) in a debug build with AddressSanitizer and LeakSanitizer, in .build-asan; every
# program the tests start (kiosk-demo, kioskctl, kiosk-fuzz…) is built and checked the same
# way. A memory error or a leak fails the test that saw it. Tests/Sanitizers/leaks.supp
# lists the few allocations system libraries keep for the life of the process, each with
# its reason. Not part of `make test` (a third build of everything and a slower run).
ASAN_BUILD := .build-asan
ASAN_OPTIONS_FOR_TESTS := detect_leaks=1:fast_unwind_on_malloc=0:malloc_context_size=30:strict_string_checks=1:check_initialization_order=1:detect_stack_use_after_return=1
LSAN_OPTIONS_FOR_TESTS := suppressions=$(CURDIR)/Tests/Sanitizers/leaks.supp:print_suppressions=0

test-asan: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path $(ASAN_BUILD)
	ASAN_OPTIONS=$(ASAN_OPTIONS_FOR_TESTS) LSAN_OPTIONS=$(LSAN_OPTIONS_FOR_TESTS) \
		$(SWIFT) test --skip-build --sanitize=address --scratch-path $(ASAN_BUILD) --skip RealKernel

FUZZ_SECONDS ?= 60
FUZZ_TARGETS := config storyboard touch-script control-request
FUZZ_BUILD := .build-fuzz
FUZZER_LIBRARY = $(firstword $(wildcard $(dir $(shell readlink -f $$(command -v swift)))../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a))
fuzz: deps
	mkdir -p $(FUZZ_BUILD)
	$(SWIFT) build --scratch-path $(FUZZ_BUILD) --product kiosk-fuzz --sanitize=address \
		-Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
		-Xcxx -fsanitize-coverage=inline-8bit-counters,pc-table,trace-cmp \
		-Xlinker -u -Xlinker LLVMFuzzerRunDriver -Xlinker $(FUZZER_LIBRARY) -Xlinker -lstdc++ \
		> $(FUZZ_BUILD)/build.log 2>&1 || { grep -v "Cannot export local symbol" $(FUZZ_BUILD)/build.log; exit 1; }
	@# gold warns about ASan's local symbols at every link: noise, left out.
	@grep -v "Cannot export local symbol" $(FUZZ_BUILD)/build.log | tail -2
	for target in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_BUILD)/corpus/$$target $(FUZZ_BUILD)/artifacts; \
		$(FUZZ_BUILD)/debug/kiosk-fuzz $$target -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
			-artifact_prefix=$(FUZZ_BUILD)/artifacts/$$target- $(FUZZ_BUILD)/corpus/$$target \
			Tests/FuzzCorpus/$$target 2> $(FUZZ_BUILD)/$$target.log \
			|| { tail -40 $(FUZZ_BUILD)/$$target.log; exit 1; }; \
		echo "kiosk-fuzz $$target: $$(grep -h 'stat::number_of_executed_units' $(FUZZ_BUILD)/$$target.log | awk '{print $$2}') runs, $$(grep -h 'DONE' $(FUZZ_BUILD)/$$target.log | sed 's/.*cov: \([0-9]*\).*/\1/') edges covered, no crash"; \
	done

clean:
	rm -rf .build out $(FUZZ_BUILD) $(ASAN_BUILD)
