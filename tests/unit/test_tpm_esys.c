// SPDX-License-Identifier: GPL-2.0
/*
 * hs_tpm_query() (userspace/uswsusp/lib/tpm_esys.c) against a real software TPM: this test
 * starts swtpm on a private TCP port, reads the PCRs through tpm2-tss, extends PCR 14 with
 * tpm2-tools and checks that the value read back is SHA-256(old || digest) computed here with
 * OpenSSL; an address with no TPM behind it must fail with a reason. swtpm is stopped by its PID.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "../../userspace/uswsusp/include/libhibseal.h"
#include "tap.h"

static const unsigned int pcrs[] = { 0, 7, 14 };

static pid_t start_swtpm(const char *dir, int port)
{
	char state[256], server[64], ctrl[64];
	pid_t pid;

	snprintf(state, sizeof(state), "dir=%s", dir);
	snprintf(server, sizeof(server), "type=tcp,port=%d,bindaddr=127.0.0.1", port);
	snprintf(ctrl, sizeof(ctrl), "type=tcp,port=%d,bindaddr=127.0.0.1", port + 1);
	pid = fork();
	if (pid == 0) {
		execlp("timeout", "timeout", "120", "swtpm", "socket", "--tpm2", "--tpmstate", state,
		       "--server", server, "--ctrl", ctrl, "--flags", "not-need-init,startup-clear",
		       (char *)NULL);
		_exit(127);
	}
	return pid;
}

static void hex(const unsigned char *b, size_t n, char *out)
{
	size_t i;

	for (i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02X", b[i]);
}

int main(void)
{
	char dir[] = "/tmp/hs-swtpm-XXXXXX", tcti[96], why[256], cmd[512], want[65];
	unsigned char old[32] = { 0 }, digest[32], both[64], expect[32];
	struct hs_tpm_facts f;
	unsigned int n = 32;
	int port, rc = -1, i, status;
	pid_t pid;

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	srand(getpid() ^ time(NULL));
	port = 20000 + rand() % 20000;
	pid = start_swtpm(dir, port);
	snprintf(tcti, sizeof(tcti), "swtpm:host=127.0.0.1,port=%d", port);
	for (i = 0; i < 100 && rc; i++) {
		rc = hs_tpm_query(tcti, pcrs, 3, &f, why, sizeof(why));
		if (rc)
			usleep(50000);
	}
	if (!tap(!rc, "unit.tpm-esys.query.swtpm")) {
		printf("# %s\n", why);
		goto out;
	}
	printf("# manufacturer: %s\n", f.manufacturer);
	tap(!strcmp(f.manufacturer, "IBM"), "unit.tpm-esys.manufacturer");
	memset(want, '0', 64);
	want[64] = '\0';
	tap(f.have_pcr[0] && f.have_pcr[1] && f.have_pcr[2] && !strcmp(f.pcr[0], want) &&
	    !strcmp(f.pcr[2], want), "unit.tpm-esys.pcrs-after-startup-zero");

	/* Extend PCR 14 with tpm2-tools, then expect SHA-256(0^32 || digest). */
	memset(digest, 0x5a, sizeof(digest));
	hex(digest, 32, want);
	snprintf(cmd, sizeof(cmd), "tpm2_pcrextend -T '%s' 14:sha256=%s", tcti, want);
	if (!tap(system(cmd) == 0, "unit.tpm-esys.tpm2-tools-extend"))
		goto out;
	memcpy(both, old, 32);
	memcpy(both + 32, digest, 32);
	EVP_Digest(both, sizeof(both), expect, &n, EVP_sha256(), NULL);
	hex(expect, 32, want);
	rc = hs_tpm_query(tcti, pcrs, 3, &f, why, sizeof(why));
	tap(!rc && f.have_pcr[2] && !strcmp(f.pcr[2], want), "unit.tpm-esys.pcr14-after-extend");
	if (rc || strcmp(f.pcr[2], want))
		printf("# got %s, want %s (%s)\n", f.pcr[2], want, why);
	tap(!strcmp(f.pcr[0], "0000000000000000000000000000000000000000000000000000000000000000"),
	    "unit.tpm-esys.pcr0-unchanged");
out:
	kill(pid, SIGTERM);
	waitpid(pid, &status, 0);
	/* Nobody listens there now: a failure with a reason (tpm2-tss's own log kept quiet). */
	setenv("TSS2_LOG", "all+none", 1);
	why[0] = '\0';
	rc = hs_tpm_query(tcti, pcrs, 3, &f, why, sizeof(why));
	printf("# without a TPM: %s\n", why);
	tap(rc == -EIO && why[0], "unit.tpm-esys.no-tpm-refused");
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd))
		printf("# cannot remove %s\n", dir);
	return tap_exit();
}
