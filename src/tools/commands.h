/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * commands.h - the subcommands of the osmcloud tool.
 *
 * Each subcommand gets argv with argv[0] = its own name and returns the
 * process exit status.
 */
#ifndef OC_COMMANDS_H
#define OC_COMMANDS_H

int cmd_gen(int argc, char **argv);
int cmd_route(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_plan(int argc, char **argv);
int cmd_ctl(int argc, char **argv);
int cmd_weights(int argc, char **argv);
int cmd_config_check(int argc, char **argv);
int cmd_config(int argc, char **argv);
/* config check / config-check; cmd: the name typed, for messages */
int config_check_run(int argc, char **argv, const char *cmd);
int cmd_sa_load(int argc, char **argv);
int cmd_pathcache(int argc, char **argv);
int cmd_sa_peer(int argc, char **argv);
int cmd_sim(int argc, char **argv);
int cmd_smp_time(int argc, char **argv);

#endif
