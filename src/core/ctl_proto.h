/*
 * ctl_proto.h - the wire protocol of the plugin's control socket, shared
 * by the plugin (src/osm/ctl.c) and its client ("osmcloud ctl").
 *
 * The client sends one command line ending in '\n'; the plugin answers
 * with the command's output and then the line "osmcloud-status N\n", N
 * being 0 (done) or 1 (failed).  More commands may follow on the same
 * connection.
 */
#ifndef OC_CTL_PROTO_H
#define OC_CTL_PROTO_H

#define OC_CTL_STATUS "osmcloud-status"
#define OC_CTL_LINE_MAX 1024 /* longest command line, '\n' included */

#endif
