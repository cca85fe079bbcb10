#!/usr/bin/env ruby
# frozen_string_literal: true

# x18-autorouter.rb RECORD.json ACTION_ID [TIMEOUT_S]
#   What 18xx.games's auto-router can find for the run of trains ACTION_ID
#   of an 18xx.games record, on the engine's own state: the record is
#   replayed in the engine up to that run, the engine's path walk
#   (Engine::AutoRouter#path, the Ruby half of the auto-router) lists every
#   route of each of the company's trains, each priced by the engine, and
#   every set of them is tried, best first, until one the engine accepts
#   as a run (its check_overlap and check_route_combination, each route's
#   revenue). Prints that set as JSON. The auto-router's own combining step
#   is JavaScript and cannot run here; this tries every set, so it finds
#   at least what that step can (its routes are the walk's). README's
#   section on 1860 used it.
# Env: X18_SRC (lib/ of tobymao/18xx), X18_TOOLS (the x18 tools; default
# ../shared/x18).
tools = ENV['X18_TOOLS'] || File.expand_path('../../shared/x18', __dir__)
require File.join(tools, 'x18lib')
require File.join(tools, 'x18replay')

record_path, action_arg, timeout_arg = ARGV
unless action_arg
  warn 'usage: x18-autorouter.rb RECORD.json ACTION_ID [TIMEOUT_S]'
  exit 2
end
timeout = (timeout_arg || 120).to_f
data = JSON.parse(File.read(record_path))
klass = X18.load_engine(data['title'].to_s)
stepper = X18.replay(data, klass)
index = stepper.index_of(action_arg.to_i, 'run_routes') or abort "no run_routes #{action_arg} in #{record_path}"
game = stepper.advance_to(index)
corp = game.corporation_by_id(data['actions'][index]['entity']) || game.current_entity

# auto_router.rb holds its JavaScript combining step in %x{...}, which MRI
# would run as a shell command: backticks are made harmless first, and only
# the Ruby path walk is called.
Engine.const_set(:AutoRouter, Class.new) unless Engine.const_defined?(:AutoRouter)
Engine::AutoRouter.define_singleton_method(:`) { |_| '' }
Engine::AutoRouter.send(:define_method, :`) { |_| raise 'the JavaScript step cannot run here' }
require File.join(X18.src_dir, 'engine/auto_router')

t0 = Time.now
trains = game.route_trains(corp)
walked, walk_timed_out = Engine::AutoRouter.new(game).path(trains, corp, path_timeout: timeout, route_limit: 10**9)
lists = trains.map { |t| (walked[t] || []).sort_by { |r| -r.revenue } }

# the engine's verdict on a set: its total, or nil where it refuses it
judge = lambda do |picks|
  routes = picks.compact.map do |r|
    Engine::Route.new(game, game.phase, r.train, connection_data: r.connection_data.map(&:dup))
  end
  routes.each { |r| r.routes = routes }
  game.check_overlap(routes)
  game.check_route_combination(routes) unless routes.empty?
  routes.each(&:revenue)
  game.routes_revenue(routes)
rescue Engine::GameError
  nil
end

best = { total: 0, picks: [] }
rest = Array.new(lists.size + 1, 0)
(lists.size - 1).downto(0) { |i| rest[i] = rest[i + 1] + (lists[i].first&.revenue || 0) }
timed_out = false
search = lambda do |i, picks, total|
  return if (timed_out ||= Time.now - t0 > timeout)
  return if total + rest[i] <= best[:total]

  if i == lists.size
    real = judge.call(picks)
    best = { total: real, picks: picks.dup } if real && real > best[:total]
    return
  end
  lists[i].each do |r|
    break if total + r.revenue + rest[i + 1] <= best[:total]

    search.call(i + 1, picks + [r], total + r.revenue)
  end
  search.call(i + 1, picks + [nil], total)
end
search.call(0, [], 0)

puts JSON.pretty_generate(
  'title' => data['title'], 'action' => action_arg.to_i, 'company' => corp.id,
  'trains' => trains.map(&:name), 'routes_walked' => lists.map(&:size),
  'exact' => !walk_timed_out && !timed_out, 'seconds' => (Time.now - t0).round(2),
  'total' => best[:total],
  'routes' => best[:picks].each_with_index.map do |r, i|
    next { 'train' => trains[i].name, 'revenue' => 0 } unless r

    { 'train' => trains[i].name, 'revenue' => r.revenue, 'hexes' => r.ordered_hexes.map(&:id).join('-') }
  end
)
